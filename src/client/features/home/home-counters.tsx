import { Badge, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { type RouterOutputs, trpc } from '../../shared/api/trpc.ts';
import { extraIds, isComplete } from '../../shared/completion/counted-stickers.ts';
import { useUnsentChanges } from '../../shared/session/unsent-changes.ts';
import { countersWithWaiting } from './waiting-counters.ts';

type Summary = RouterOutputs['collection']['summary'];
type CounterField = 'raccolte' | 'doppie' | 'mancanti';

const COUNTERS: readonly { field: CounterField; label: string; color: string }[] = [
  { field: 'raccolte', label: 'Possedute', color: 'indigo' },
  { field: 'doppie', label: 'Doppie', color: 'orange' },
  { field: 'mancanti', label: 'Mancanti', color: 'red' },
];

/**
 * Home's three counters (GET /api/user/summary), for one album named above them (the one chosen for
 * matches; the server says which): its stickers I have (doubles included), those I have twice, and the
 * ones I miss, my taps still waiting for the server counted in. Asked again at every visit, as a choice
 * made in the profile changes the album.
 */
export function HomeCounters() {
  const summary = trpc.collection.summary.useQuery(undefined, { staleTime: 0 });
  const titleId = useId();
  const album = summary.data?.album;
  const { taps } = useUnsentChanges();
  const waiting = album !== undefined && album !== null && taps.some((tap) => tap.albumId === album.id);
  // Asked for only while taps wait: offline it is the copy the album screen kept on the device.
  const marks = trpc.collection.list.useQuery({ albumId: album?.id ?? 0 }, { enabled: waiting });
  const stickers = trpc.stickers.list.useQuery({ albumId: album?.id ?? 0 }, { enabled: false });
  const figures =
    summary.data && countersWithWaiting(summary.data, marks.data, taps, extraIds(stickers.data));
  const complete =
    album && figures ? isComplete({ owned: figures.raccolte, total: album.stickerCount }) : false;
  return (
    <Stack component="section" gap="xs" aria-labelledby={album ? titleId : undefined}>
      {summary.data ? (
        <AlbumHeading album={summary.data.album} id={titleId} complete={complete} />
      ) : (
        summary.isPending && <Skeleton h={44} w="70%" />
      )}
      <SimpleGrid cols={3} spacing="sm">
        {COUNTERS.map((counter) => (
          <Counter
            key={counter.field}
            label={counter.label}
            color={counter.color}
            value={figures?.[counter.field]}
            failed={summary.isError}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/**
 * Which album the figures are about: 'Possedute 36' next to 'Doppie 9' then reads as stickers, not albums.
 * A complete album says so (issue 49), extras aside, as the album's own screen does.
 */
function AlbumHeading({ album, id, complete }: { album: Summary['album']; id: string; complete: boolean }) {
  return (
    <div>
      <Text size="xs" fw={700} c="dimmed" tt="uppercase">
        Il tuo album
      </Text>
      <Group gap="xs" wrap="wrap">
        <Title order={2} size="h4" id={id}>
          {album ? album.name : 'Nessun album disponibile'}
        </Title>
        {complete && (
          <Badge color="teal" variant="light" size="lg" tt="none">
            Album completato
          </Badge>
        )}
      </Group>
    </div>
  );
}

type CounterProps = { label: string; color: string; value: number | undefined; failed: boolean };

function Counter({ label, color, value, failed }: CounterProps) {
  const labelId = useId();
  const loading = value === undefined && !failed;
  return (
    <Card
      withBorder
      padding="sm"
      radius="md"
      ta="center"
      role="group"
      aria-labelledby={labelId}
      aria-busy={loading}
    >
      {loading ? (
        <Skeleton h={28} my={7} mx="auto" w="60%" />
      ) : (
        <Text fz={28} fw={800} c={`${color}.7`}>
          {/* Without an answer there is no figure to show: a dash, not a misleading 0. */}
          {value ?? '–'}
        </Text>
      )}
      <Text id={labelId} fz="sm" c="dimmed">
        {label}
      </Text>
    </Card>
  );
}
