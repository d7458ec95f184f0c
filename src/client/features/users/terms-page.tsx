import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { TERMS_RULES } from '../../../rpc/schemas/moderation.ts';
import { TERMS_VERSION } from '../../../rpc/schemas/terms.ts';
import { formatDate } from '../../shared/format/dates.ts';
import { LegalLinks } from '../../shared/ui/legal-links.tsx';
import { Section } from './privacy-section.tsx';
import { orUnset, useContacts } from './use-contacts.ts';

/** The date the Termini took effect, as the page says it. */
export const termsSince = () => formatDate(`${TERMS_VERSION}T12:00:00Z`);

/**
 * /termini, open to anyone (issue 47, row 1): who runs the service, what is allowed, how moderation works
 * and how to contest it, and how changes are announced. Signing up accepts them; /termini/ragazzi says the
 * same in simple words.
 */
export function TermsPage() {
  const contacts = useContacts();
  const loading = contacts.isPending;
  return (
    <Stack gap="lg" pb="md">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Termini di servizio
        </Title>
        <Text size="sm" c="dimmed">
          In vigore dal {termsSince()}.{' '}
          <Anchor component={Link} to="/termini/ragazzi" size="sm" underline="always">
            Hai tra 14 e 17 anni, o sei un genitore? Leggi la versione semplice
          </Anchor>
        </Text>
      </Stack>

      <Section title="Chi gestisce il servizio">
        <Text size="sm">
          Scambio Figurine è gestito da <b>{orUnset(contacts.data?.operator.name, loading)}</b>
          {contacts.data?.operator.address ? `, ${contacts.data.operator.address}` : ''}. Per scriverci:{' '}
          <b>{orUnset(contacts.data?.users, loading)}</b> (tutti i recapiti in{' '}
          <Anchor component={Link} to="/contatti" size="sm" underline="always">
            Contatti
          </Anchor>
          ).
        </Text>
      </Section>

      <Section title="Il servizio">
        <Text size="sm">
          Segni le figurine che hai, che ti mancano e le doppie; trovi collezionisti vicini con cui
          scambiarle; vi accordate e scambiate di persona, in un Punto Scambio o a un raduno. Il servizio è
          gratuito; gli scambi sono tra collezionisti, che ne rispondono: noi non vendiamo figurine e non le
          spediamo.
        </Text>
        <Text size="sm">
          Dai 14 anni ci si iscrive da soli; per chi ha meno di 14 anni il profilo lo crea e lo gestisce un
          genitore dal proprio account. Un account a persona.
        </Text>
      </Section>

      <Section title="Cosa è permesso e cosa no">
        <List size="sm" spacing={6}>
          {Object.values(TERMS_RULES).map((rule) => (
            <List.Item key={rule}>{rule}</List.Item>
          ))}
        </List>
      </Section>

      <Section title="Come funziona la moderazione">
        <Text size="sm">
          Chiunque può segnalare un collezionista, o un suo messaggio, con «Segnala» nella chat. Le
          segnalazioni le esaminano gli amministratori del servizio, persone e non programmi automatici. Se
          una regola è stata violata possono, secondo la gravità: nascondere un messaggio, limitare l'account
          per alcuni giorni (niente nuove chat o proposte), sospenderlo, disattivarlo. Chi è colpito riceve
          sempre una motivazione: cosa è stato deciso, per quale regola, fino a quando, e come contestarlo.
        </Text>
        <Text size="sm">
          Ogni decisione si può contestare una volta, con «Contesta la decisione» nella motivazione che ricevi
          (in Profilo e per e-mail) o scrivendo al punto di contatto per i collezionisti: un amministratore la
          riesamina e ti risponde. Restano i rimedi davanti a un organismo di risoluzione extragiudiziale
          certificato o all'autorità giudiziaria.
        </Text>
        <Text size="sm">
          Se qualcuno minaccia la vita o la sicurezza di una persona, soprattutto di un minorenne, lo
          segnaliamo alle autorità con le prove necessarie.
        </Text>
      </Section>

      <Section title="I tuoi dati">
        <Text size="sm">
          Cosa conserviamo, perché e per quanto è scritto in{' '}
          <Anchor component={Link} to="/privacy" size="sm" underline="always">
            Privacy e crediti
          </Anchor>
          . Puoi scaricare i tuoi dati ed eliminare l'account quando vuoi, da Profilo.
        </Text>
      </Section>

      <Section title="Se i Termini cambiano">
        <Text size="sm">
          Te lo diciamo per e-mail, se hai un indirizzo verificato, almeno 15 giorni prima che le modifiche
          entrino in vigore, e nell'app alla prima visita dopo. Se non sei d'accordo puoi eliminare l'account.
        </Text>
      </Section>
      <LegalLinks withBack />
    </Stack>
  );
}
