import { Button, Card, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { LegalLinks } from '../../shared/ui/legal-links.tsx';
import { toastError } from '../../shared/ui/toast.ts';

const EXPORT_PATH = '/api/user/export';
const FALLBACK_NAME = 'scambio-figurine-dati.json';

/** The server's name for the file (Content-Disposition), or a plain one. */
function fileNameOf(response: Response) {
  const header = response.headers.get('content-disposition') ?? '';
  return /filename="([^"]+)"/.exec(header)?.[1] ?? FALLBACK_NAME;
}

/** Fetches the export and hands it to the browser as a download; a refusal says why in a toast. */
async function downloadMyData() {
  let response: Response;
  try {
    response = await fetch(EXPORT_PATH, { credentials: 'same-origin' });
  } catch {
    toastError('Connessione assente: controlla la rete e riprova');
    return;
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => undefined)) as { message?: string } | undefined;
    toastError(body?.message ?? 'Impossibile scaricare i tuoi dati');
    return;
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Profilo → 'I tuoi dati': 'Scarica i miei dati' (a JSON file of everything kept) and the informativa. */
export function MyDataCard() {
  const [downloading, setDownloading] = useState(false);
  return (
    <Card component="section" aria-label="I tuoi dati" withBorder radius="md" padding="md">
      <Stack gap="xs">
        <Text fw={700}>I tuoi dati</Text>
        <Text size="sm" c="dimmed">
          Un file JSON con tutto ciò che l'app conserva su di te: profilo, collezioni, scambi, messaggi
          inviati, voti, blocchi, segnalazioni e dispositivi.
        </Text>
        <Button
          variant="default"
          leftSection={<IconDownload size={18} aria-hidden />}
          loading={downloading}
          onClick={() => {
            setDownloading(true);
            void downloadMyData().finally(() => setDownloading(false));
          }}
        >
          Scarica i miei dati
        </Button>
        <LegalLinks />
      </Stack>
    </Card>
  );
}
