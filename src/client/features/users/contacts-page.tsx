import { Stack, Text, Title } from '@mantine/core';
import { LegalLinks } from '../../shared/ui/legal-links.tsx';
import { Section } from './privacy-section.tsx';
import { orUnset, useContacts } from './use-contacts.ts';

/**
 * /contatti, open to anyone (issue 47, row 4): who runs the service, the point of contact for collectors
 * and the one for authorities (DSA arts. 11–12), and the privacy contact — as the operator set them.
 */
export function ContactsPage() {
  const contacts = useContacts();
  const loading = contacts.isPending;
  const operator = contacts.data?.operator;
  return (
    <Stack gap="lg" pb="md">
      <Title order={1} size="h2">
        Contatti
      </Title>
      <Section title="Chi gestisce Scambio Figurine">
        <Text size="sm" fw={600} data-testid="operator-name">
          {orUnset(operator?.name, loading)}
        </Text>
        {operator?.address && <Text size="sm">{operator.address}</Text>}
        {operator?.taxId && <Text size="sm">Codice fiscale o partita IVA: {operator.taxId}</Text>}
      </Section>
      <Section title="Per i collezionisti">
        <Text size="sm">
          Domande, problemi con un account, una decisione di moderazione da contestare: scrivi a{' '}
          <Text span fw={600} data-testid="users-contact">
            {orUnset(contacts.data?.users, loading)}
          </Text>
          . Rispondiamo in italiano. Per segnalare un collezionista o un messaggio usa «Segnala» nell'app: è
          più rapido e l'amministratore vede subito di cosa si tratta.
        </Text>
      </Section>
      <Section title="Per le autorità">
        <Text size="sm">
          Punto di contatto per le autorità degli Stati membri, la Commissione europea e il comitato per i
          servizi digitali (art. 11 del Regolamento UE 2022/2065), in italiano o in inglese:{' '}
          <Text span fw={600} data-testid="authorities-contact">
            {orUnset(contacts.data?.authorities, loading)}
          </Text>
          .
        </Text>
      </Section>
      <Section title="Privacy">
        <Text size="sm">
          Per i tuoi dati personali e i tuoi diritti:{' '}
          <Text span fw={600}>
            {orUnset(contacts.data?.privacy, loading)}
          </Text>
          .
        </Text>
      </Section>
      <LegalLinks withBack />
    </Stack>
  );
}
