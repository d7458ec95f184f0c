import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { LegalLinks } from '../../shared/ui/legal-links.tsx';
import { Section } from './privacy-section.tsx';
import { termsSince } from './terms-page.tsx';

/**
 * /termini/ragazzi (issue 47, row 1): the Termini in simple words, for 14–17 and for parents. The same rules
 * as /termini, which is the version that counts.
 */
export function TermsTeensPage() {
  return (
    <Stack gap="lg" pb="md">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Le regole in parole semplici
        </Title>
        <Text size="sm" c="dimmed">
          Per chi ha tra 14 e 17 anni e per i genitori. In vigore dal {termsSince()}. Quella che vale è la{' '}
          <Anchor component={Link} to="/termini" size="sm" underline="always">
            versione completa
          </Anchor>
          .
        </Text>
      </Stack>
      <Section title="Le regole">
        <List size="sm" spacing={6}>
          <List.Item>Scambia solo figurine vere, mai copie.</List.Item>
          <List.Item>Qui si scambia, non si vende e non si compra.</List.Item>
          <List.Item>
            Non dare a nessuno il tuo numero, il tuo indirizzo o i tuoi profili social, e non chiederli.
          </List.Item>
          <List.Item>Incontra gli altri solo nei Punti Scambio, dove c'è gente.</List.Item>
          <List.Item>Sii gentile: niente insulti, niente prese in giro.</List.Item>
        </List>
      </Section>
      <Section title="Se qualcosa non va">
        <Text size="sm">
          Se qualcuno ti mette a disagio, ti chiede foto o dati personali o ti vuole vedere da solo, non
          rispondere: tocca «Segnala» e scegli «Un adulto mi mette a disagio», e parlane con un adulto di cui
          ti fidi. Una persona dello staff legge ogni segnalazione.
        </Text>
      </Section>
      <Section title="Cosa può succedere a chi non rispetta le regole">
        <Text size="sm">
          Possiamo nascondere un suo messaggio, fermargli l'account per qualche giorno o chiuderlo. Gli
          diciamo sempre perché, e può chiedere una seconda volta che qualcuno ricontrolli. Se qualcuno è in
          pericolo, avvisiamo la polizia.
        </Text>
      </Section>
      <Section title="Per i genitori">
        <Text size="sm">
          Sotto i 14 anni il profilo lo crei tu dal tuo account (Profilo → Profili) e lo usi tu. Dai 14 ai 17
          anni un adulto non può scrivere in chat a chi ha quell'età, ai raduni non ne vede il nome, e può
          proporre uno scambio in un Punto Scambio solo a chi ha scelto di essere visibile ai maggiorenni.
          Trovi tutto in{' '}
          <Anchor component={Link} to="/privacy" size="sm" underline="always">
            Privacy e crediti
          </Anchor>
          .
        </Text>
      </Section>
      <LegalLinks withBack />
    </Stack>
  );
}
