import { Button, Card, Loader, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { stickerNumberKey } from '../../../../rpc/schemas/collection.ts';
import { rememberReturnPath } from '../../../shared/session/return-after-login.ts';
import { useCurrentUser } from '../../../shared/session/use-current-user.ts';
import { useAlbumStickers, useAlbums, useStickerRecords } from '../album-queries.ts';
import { statusById } from '../sticker-records.ts';
import { numbersOfLines } from './compare-link.ts';
import { sectionLines } from './share-text.ts';

type Props = { albumId: number; from: string; missing: string | undefined; doubles: string | undefined };

const linesOf = (text: string | undefined) => (text === undefined ? null : text.split('\n'));

/**
 * A shared list's link opened. A collector sees, against their own marks in that album, what they can
 * give the sender and what the sender can give them; a stranger sees who sent what and is asked to log
 * in or register (the link carries the lists only: no place, nobody's collection is read from it).
 */
export function ComparePage({ albumId, from, missing, doubles }: Props) {
  const { user, isLoading } = useCurrentUser();
  const theirMissing = numbersOfLines(linesOf(missing) ?? []);
  const theirDoubles = numbersOfLines(linesOf(doubles) ?? []);
  const sender = from || 'Un collezionista';
  let content: React.ReactNode;
  if (isLoading) content = <Loader aria-label="Caricamento..." />;
  else if (!user) {
    content = (
      <>
        <Text ta="center">
          {`${sender} ti ha mandato la sua lista di figurine: ${listSummary(linesOf(missing), theirMissing.length, linesOf(doubles), theirDoubles.length)}.`}
        </Text>
        <Text ta="center">Accedi o registrati per vedere cosa potete scambiarvi.</Text>
        <Button component="a" href="/login" onClick={() => rememberReturnPath(window.location)}>
          Accedi o registrati
        </Button>
      </>
    );
  } else {
    content = (
      <Comparison
        albumId={albumId}
        sender={sender}
        theirMissing={linesOf(missing) ? theirMissing : null}
        theirDoubles={linesOf(doubles) ? theirDoubles : null}
      />
    );
  }
  return (
    <Stack component="main" align="center" gap="md" maw={420} w="100%" mx="auto" p="md" pt="xl">
      <Title order={1} size="h3" ta="center">
        Confronta le liste
      </Title>
      {content}
    </Stack>
  );
}

function listSummary(missing: unknown, missingCount: number, doubles: unknown, doublesCount: number) {
  const parts = [];
  if (missing) parts.push(`mancano ${missingCount}`);
  if (doubles) parts.push(`ha ${doublesCount} doppie`);
  return parts.join(', ');
}

type ComparisonProps = {
  albumId: number;
  sender: string;
  theirMissing: string[] | null;
  theirDoubles: string[] | null;
};

function Comparison({ albumId, sender, theirMissing, theirDoubles }: ComparisonProps) {
  const navigate = useNavigate();
  const albums = useAlbums();
  const album = albums.data?.find((candidate) => candidate.id === albumId);
  const stickers = useAlbumStickers(albumId);
  const records = useStickerRecords(albumId);
  if (stickers.isError || (albums.isSuccess && !album)) {
    return <Text ta="center">Questo album non è più nel catalogo.</Text>;
  }
  if (!stickers.data || !records.data) return <Loader aria-label="Caricamento..." />;
  const statuses = statusById(records.data);
  const inList = (numbers: string[]) => new Set(numbers.map(stickerNumberKey));
  const pick = (numbers: string[] | null, status: 'double' | 'no') => {
    if (numbers === null) return null;
    const keys = inList(numbers);
    return stickers.data.filter(
      (sticker) =>
        keys.has(stickerNumberKey(sticker.number)) && (statuses.get(sticker.id) ?? 'no') === status,
    );
  };
  const give = pick(theirMissing, 'double');
  const receive = pick(theirDoubles, 'no');
  return (
    <>
      <Text ta="center">{`${sender} ti ha mandato la sua lista di ${album?.name ?? 'figurine'}.`}</Text>
      {give && (
        <ExchangeCard title="Puoi dargli" stickers={give} empty="Non cerca nessuna delle tue doppie" />
      )}
      {receive && <ExchangeCard title="Può darti" stickers={receive} empty="Non ha doppie che ti mancano" />}
      <Button onClick={() => void navigate({ to: '/album/$albumId', params: { albumId } })}>
        Apri l'album
      </Button>
    </>
  );
}

function ExchangeCard({
  title,
  stickers,
  empty,
}: {
  title: string;
  stickers: { number: string }[];
  empty: string;
}) {
  const lines = sectionLines(stickers);
  return (
    <Card withBorder radius="md" w="100%" component="section" aria-label={title}>
      <Text size="xs" fw={700} c="dimmed" tt="uppercase">
        {`${title} · ${stickers.length}`}
      </Text>
      {lines.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        lines.map((line) => (
          <Text key={line} size="sm" fw={600}>
            {line}
          </Text>
        ))
      )}
    </Card>
  );
}
