import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { formatDate } from '../../shared/format/dates.ts';
import { LegalLinks } from '../../shared/ui/legal-links.tsx';
import { Section } from './privacy-section.tsx';
import { orUnset, useContacts } from './use-contacts.ts';

/** When the statement was written; a new check of the app is a new date. */
const STATEMENT_DATE = '2026-11-29T12:00:00Z';

/**
 * /accessibilita, open to anyone (issue 47, row 5): the accessibility statement on the AgID model — how far
 * the app meets WCAG 2.1 AA and what is still missing, how it is checked, where to report a barrier
 * (the collectors' contact of /contatti) and where to turn when the answer does not come.
 */
export function AccessibilityPage() {
  const contacts = useContacts();
  return (
    <Stack gap="lg" pb="md">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Dichiarazione di accessibilità
        </Title>
        <Text size="sm" c="dimmed">
          Redatta il {formatDate(STATEMENT_DATE)}, per l'app web Scambio Figurine e il suo pannello di
          amministrazione.
        </Text>
      </Stack>

      <Section title="Stato di conformità">
        <Text size="sm">
          Scambio Figurine è <b>parzialmente conforme</b> alle Linee guida per l'accessibilità dei contenuti
          web (WCAG 2.1), livello AA, per le parti elencate qui sotto.
        </Text>
      </Section>

      <Section title="Cosa non è ancora accessibile">
        <List size="sm" spacing={6}>
          <List.Item>
            Nello Scambio dal vivo, «Scansiona» legge il codice dell'altro collezionista con la fotocamera.
            L'alternativa è il link del codice: chi lo mostra lo invia con «Condividi il link» (per esempio in
            un messaggio) e l'altro lo apre. Non c'è ancora un codice breve da scrivere a mano.
          </List.Item>
          <List.Item>
            Nella griglia dei numeri dell'album un tocco aggiunge una copia, ma i dettagli di una figurina
            (per togliere copie) si aprono solo tenendola premuta. Con la tastiera o un lettore di schermo usa
            la vista a elenco, che il pulsante «Griglia dei numeri» alterna alla griglia: lì ogni figurina ha
            i suoi pulsanti e i suoi dettagli.
          </List.Item>
          <List.Item>
            I controlli automatici coprono le schermate nei loro stati principali; alcuni stati rari (senza
            connessione, un conflitto dopo uno scambio dal vivo) sono verificati solo in parte.
          </List.Item>
        </List>
      </Section>

      <Section title="Come lo verifichiamo">
        <Text size="sm">
          A ogni modifica dell'app i test automatici aprono in un vero browser ogni schermata per i
          collezionisti, alla misura di un telefono, e ogni sezione del pannello di amministrazione, e le
          controllano con axe-core: nessuna violazione grave o critica dei criteri WCAG 2.1 A e AA. Gli stessi
          test verificano che i comandi principali si raggiungano e si usino con la tastiera, che ogni
          pulsante con un'icona abbia un nome e che la griglia dell'album faccia leggere insieme il numero e
          lo stato di ogni figurina. Un controllo automatico non trova tutto: per questo le tue segnalazioni
          contano.
        </Text>
      </Section>

      <Section title="Segnala un problema di accessibilità">
        <Text size="sm">
          Se qualcosa non riesci a usare, scrivi a{' '}
          <Text span fw={600} data-testid="accessibility-contact">
            {orUnset(contacts.data?.users, contacts.isPending)}
          </Text>{' '}
          (il recapito per i collezionisti in{' '}
          <Anchor component={Link} to="/contatti" size="sm" underline="always">
            Contatti
          </Anchor>
          ), dicendo in quale schermata e che cosa non funziona. Ti rispondiamo entro 30 giorni e, se serve,
          ti diamo le stesse informazioni in un'altra forma.
        </Text>
      </Section>

      <Section title="Se la risposta non arriva">
        <Text size="sm">
          La Legge 4/2004 (art. 3, comma 1-bis) obbliga all'accessibilità i privati che offrono servizi al
          pubblico con siti web o app e hanno un fatturato medio superiore a 500 milioni di euro negli ultimi
          tre anni. Se il gestore di Scambio Figurine è tra questi e non ti risponde entro 30 giorni, o la
          risposta non ti soddisfa, puoi fare una segnalazione all'AgID (Agenzia per l'Italia Digitale), che
          vigila sull'applicazione della legge: le istruzioni sono su www.agid.gov.it. Per gli altri gestori
          questa dichiarazione è volontaria.
        </Text>
      </Section>
      <LegalLinks withBack />
    </Stack>
  );
}
