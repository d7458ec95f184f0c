import { Card, List, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { MINOR_DISTANCE_BANDS_KM } from '../../../rpc/schemas/place.ts';
import { Section } from './privacy-section.tsx';

const bands = MINOR_DISTANCE_BANDS_KM.join(', ');

/**
 * /privacy's part on ages (issue 45, row 10): what changes per band and why, then a short version in a
 * teenager's words. What it says is what the server does (docs/decisions/045, 046, 048).
 */
export function PrivacyMinors() {
  const shortId = useId();
  return (
    <Section title="Età e protezioni per i minorenni">
      <Text size="sm">
        Alla registrazione chiediamo mese e anno di nascita: servono solo a stabilire la tua fascia d'età
        (18+, 14-17, sotto i 14), che calcola il server e che sale da sola dopo il compleanno. Nessuno vede la
        data, nemmeno l'amministratore: vede solo la fascia. Chi si è registrato prima la indica una volta;
        fino ad allora ha le protezioni dei 14-17 anni.
      </Text>
      <Text size="sm">
        <b>Sotto i 14 anni</b> non si può avere un account proprio: in Italia, sotto i 14 anni, il consenso al
        trattamento dei dati lo dà un genitore (art. 2-quinquies del Codice privacy, art. 8 del GDPR). Un
        genitore con l'e-mail verificata aggiunge in Profilo, alla voce «Profili», il profilo del figlio (fino
        a sei), dichiarando di averne la responsabilità genitoriale: il profilo non ha password né e-mail, lo
        usa il genitore dal suo account, che ne vede proposte, scambi e messaggi e ne riceve gli avvisi, con
        luogo e ora di ogni incontro. Eliminando il profilo, o il proprio account, se ne cancellano i dati.
      </Text>
      <Text size="sm">
        <b>Da 14 a 17 anni</b> l'app protegge di più, come chiedono le linee guida europee sui minori online
        (profili riservati, contatti limitati, posizione solo approssimata, notifiche discrete):
      </Text>
      <List size="sm" spacing={4}>
        <List.Item>
          gli adulti non ti trovano nel Match né in «Le mie ultime», a meno che tu non accenda «Visibile ai
          maggiorenni per proporre scambi» in Profilo;
        </List.Item>
        <List.Item>
          con un adulto non si apre una chat e non si fa una proposta normale; in una chat che esisteva già vi
          scrivete solo frasi pronte («Ci sono», «Grazie!»…);
        </List.Item>
        <List.Item>
          con altri ragazzi chatti liberamente, ma la chat non accetta numeri di telefono, e-mail, profili
          social, link o indirizzi, nemmeno scritti in modo nascosto;
        </List.Item>
        <List.Item>
          agli altri la tua distanza appare solo come fascia (entro {bands} km), mai il tuo comune o il CAP;
        </List.Item>
        <List.Item>notifiche ed e-mail non arrivano dalle 20 alle 8: aspettano il mattino;</List.Item>
        <List.Item>
          «Segnala» ti propone per prima «Un adulto mi mette a disagio»: se tre persone diverse segnalano così
          lo stesso adulto in 7 giorni, non può più contattare nessun minorenne finché un amministratore non
          ha controllato.
        </List.Item>
      </List>
      <Text size="sm">
        Per gli adulti non cambia nulla, salvo che non vedono i minorenni che non lo hanno scelto.
      </Text>
      <Card withBorder radius="md" padding="sm" component="section" aria-labelledby={shortId}>
        <Title order={3} size="h5" id={shortId}>
          In breve, per ragazzi
        </Title>
        <List size="sm" spacing={2} mt={4}>
          <List.Item>Gli adulti non ti vedono, se non lo scegli tu.</List.Item>
          <List.Item>In chat niente numeri, e-mail, social o indirizzi: nemmeno per gioco.</List.Item>
          <List.Item>Gli altri sanno solo se sei vicino, non dove abiti.</List.Item>
          <List.Item>Di sera e di notte l'app non ti disturba.</List.Item>
          <List.Item>Se qualcuno ti mette a disagio, segnalalo: lo leggiamo.</List.Item>
          <List.Item>Sotto i 14 anni il tuo profilo lo crea e lo usa con te un genitore.</List.Item>
        </List>
      </Card>
    </Section>
  );
}
