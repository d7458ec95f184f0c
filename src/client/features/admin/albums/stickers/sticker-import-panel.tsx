import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { IconDownload, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { formatStickerExport, parseStickerImport } from '../../../../../rpc/schemas/sticker-import.ts';
import { importStickersInput } from '../../../../../rpc/schemas/stickers.ts';
import { trpc } from '../../../../shared/api/trpc.ts';
import { toastError, toastSuccess } from '../../../../shared/ui/toast.ts';
import type { AdminAlbum } from '../album-row.tsx';
import { useRefreshCatalogue } from '../use-refresh-catalogue.ts';
import { downloadTextFile, exportFileName } from './export-file.ts';
import {
  type ImportReport,
  importToastMessage,
  linesToCorrect,
  nothingImportedMessage,
} from './import-report.ts';
import { ImportReportPanel } from './import-report-panel.tsx';
import type { AdminSticker } from './sticker-types.ts';

type Props = { album: AdminAlbum; stickers: AdminSticker[]; onClear: () => void };

/** Paste a list to import it, download the album's list, or ask to clear it. */
export function StickerImportPanel({ album, stickers, onClear }: Props) {
  const [text, setText] = useState('');
  const [report, setReport] = useState<ImportReport | null>(null);
  const refresh = useRefreshCatalogue();
  const save = trpc.stickers.import.useMutation({
    onSuccess: () => refresh(),
    meta: { errorMessage: 'Errore nel salvare le figurine' },
  });

  const importList = () => {
    const { stickers: parsed, unreadable } = parseStickerImport(text);
    if (parsed.length === 0) {
      if (unreadable.length === 0) return;
      setReport({ added: 0, renamed: [], reclassified: 0, unchanged: 0, unreadable });
      return toastError(nothingImportedMessage(unreadable.length), 'Nessuna figurina importata');
    }
    // The same rule as the server's (at most IMPORT_LINES_MAX at once), checked before sending them all.
    const input = importStickersInput.safeParse({ albumId: album.id, stickers: parsed });
    if (!input.success) return toastError(input.error.issues[0]?.message ?? 'Errore nel salvare le figurine');
    save.mutate(input.data, {
      onSuccess: ({ created, renamed, reclassified, unchanged }) => {
        const done = { added: created, renamed, reclassified, unchanged, unreadable };
        setReport(done);
        // The lines it could not read stay in the box, to be corrected and imported again.
        setText(linesToCorrect(done));
        toastSuccess('Figurine importate', importToastMessage(done));
      },
    });
  };

  const exportList = () => {
    if (stickers.length === 0) return toastError('Non ci sono figurine da esportare', 'Nessuna figurina');
    downloadTextFile(exportFileName(album.name), formatStickerExport(stickers));
  };

  return (
    <Stack gap="sm">
      <Textarea
        label="Incolla la lista delle figurine:"
        description="Una figurina per riga: numero - nome, con [speciale] o [extra] in fondo se è di quel tipo; # Sezione apre una sezione per le righe sotto (# da solo la chiude)"
        placeholder={'1 - Mario Rossi\n2 - Luca Bianchi\n# Speciali\nSPE 1 - Scudetto [speciale]'}
        autosize
        minRows={5}
        maxRows={10}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      />
      <TextInput
        type="url"
        label="Link Album Panini:"
        description="Solo un promemoria per te: il link non viene inviato"
        placeholder="https://www.panini.it/shp_ita_it/figurine"
      />
      <Group gap="sm">
        <Button
          size="sm"
          leftSection={<IconUpload size={16} aria-hidden />}
          onClick={importList}
          loading={save.isPending}
        >
          Importa
        </Button>
        <Button
          size="sm"
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={exportList}
          disabled={stickers.length === 0}
        >
          Esporta
        </Button>
        <Button
          size="sm"
          variant="light"
          color="red"
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={onClear}
          disabled={stickers.length === 0}
        >
          Svuota
        </Button>
      </Group>
      {report && <ImportReportPanel report={report} />}
    </Stack>
  );
}
