import { Button, Group, Paper, Text, Title } from '@mantine/core';
import { IconShare, IconTrophy } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { type FileShareOutcome, shareOrDownload } from '../../../shared/share/share-file.ts';
import type { Album } from '../album-queries.ts';
import { InRegaloOffer } from './in-regalo-offer.tsx';
import { useCompletedImage } from './use-completed-image.ts';

/**
 * 'Album completato' (issue 49): shown while every counted sticker of the album is mine (extras aside),
 * from the moment the last one is marked on this device. Just a card on the screen: nothing calls the
 * collector back to it. It offers the picture to share (or to download, where the browser cannot share
 * files), and to put the doubles left (`doubles`: spare copies) in regalo.
 */
export function AlbumCompletedCard({ album, doubles }: { album: Album; doubles: number }) {
  const titleId = useId();
  const image = useCompletedImage(album);
  const [outcome, setOutcome] = useState<FileShareOutcome>();
  const file = image && 'file' in image ? image.file : undefined;
  const share = async (ready: File) =>
    setOutcome(await shareOrDownload(ready, `Album completato: ${album.name}`));
  return (
    <Paper component="section" withBorder radius="md" p="sm" bg="teal.0" aria-labelledby={titleId}>
      <Group gap="sm" wrap="nowrap">
        <IconTrophy size={36} color="var(--mantine-color-teal-9)" style={{ flexShrink: 0 }} aria-hidden />
        <div style={{ minWidth: 0 }}>
          <Title order={2} size="h4" id={titleId}>
            Album completato!
          </Title>
          <Text size="sm">Hai completato {album.name}.</Text>
        </div>
      </Group>
      {image && 'failed' in image ? (
        <Text size="sm" mt="xs">
          Questo dispositivo non riesce a creare l'immagine da condividere.
        </Text>
      ) : (
        <Button
          mt="sm"
          fullWidth
          color="teal.9"
          leftSection={<IconShare size={20} aria-hidden />}
          loading={!file}
          onClick={file ? () => void share(file) : undefined}
        >
          Condividi l'immagine
        </Button>
      )}
      {outcome === 'downloaded' && (
        <Text size="sm" mt="xs" role="status">
          Immagine scaricata: la trovi tra i download.
        </Text>
      )}
      <InRegaloOffer albumId={album.id} doubles={doubles} />
    </Paper>
  );
}
