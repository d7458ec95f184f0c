import { ActionIcon, Badge, Button, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconMessageCircle } from '@tabler/icons-react';
import { Link, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { errorMessage } from '../../shared/api/error-message.ts';
import { type RouterOutputs, trpc } from '../../shared/api/trpc.ts';
import { placeText } from '../../shared/format/place.ts';
import { displayNumber } from '../../shared/format/sticker-number.ts';
import { useCurrentUser } from '../../shared/session/use-current-user.ts';
import { ProposeSwapButton } from '../../shared/swaps/propose-swap-button.tsx';
import { LoadFailure } from '../../shared/ui/load-failure.tsx';

type Missing = RouterOutputs['matches']['nearbyHolders']['stickers'][number];

/**
 * For a holder who needs none of my spares there is no swap to propose (it would open on 'Do: 0 di 0'):
 * 'Chiedi in chat' opens our chat with the question ready (issue 48, row 3). An adult and a minor have no
 * free chat (issue 45, row 4): nothing to offer then but the sticker's name.
 */
function AskInChatButton({ holder, number }: { holder: Missing['holders'][number]; number: string }) {
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const create = trpc.matches.create.useMutation({
    onSuccess: async (match) => {
      void utils.matches.list.invalidate();
      await navigate({
        to: '/chat/$matchId',
        params: { matchId: String(match.id) },
        search: { chiedi: number },
      });
    },
    meta: { errorMessage: 'Impossibile aprire la chat' },
  });
  if ((user?.ageBand === '18+') !== (holder.within !== true)) return null;
  return (
    <Button
      variant="light"
      size="compact-md"
      h={44}
      leftSection={<IconMessageCircle size={16} aria-hidden />}
      loading={create.isPending}
      onClick={() => create.mutate({ user2Id: holder.id })}
      aria-label={`Chiedi in chat a ${holder.nickname}`}
      style={{ flexShrink: 0 }}
    >
      Chiedi in chat
    </Button>
  );
}

/**
 * One missing sticker: who near me has it, nearest first, each with 'Proponi scambio' for it; 'In regalo'
 * marks who gives theirs for nothing, and 'Chiedi in regalo' asks for it.
 */
function MissingCard({
  sticker,
  albumId,
  radiusKm,
}: {
  sticker: Missing;
  albumId: number;
  radiusKm: number;
}) {
  const label = `${displayNumber(sticker.number)} ${sticker.name}`;
  return (
    <Card component="article" aria-label={label} withBorder radius="md" padding="sm">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={700} lineClamp={1}>
            {label}
          </Text>
          {sticker.holders.length === 0 && (
            <Badge color="orange" variant="light" style={{ flexShrink: 0 }}>
              Nessuno entro {radiusKm} km
            </Badge>
          )}
        </Group>
        {sticker.holders.map((holder) => (
          <Group key={holder.id} justify="space-between" wrap="nowrap" gap="xs">
            {/* The place under the nickname, wrapping rather than cut: 'Proponi scambio' leaves it little room. */}
            <Stack gap={0} miw={0}>
              <Text size="sm" fw={700} truncate>
                {holder.nickname}
              </Text>
              <Text size="xs" c="dimmed" lineClamp={2}>
                {placeText(holder)}
              </Text>
              {/* Their album complete, its doubles given away (issue 49, row 5): never across ages. */}
              {holder.inRegalo && (
                <Badge color="teal" variant="light" size="sm" mt={4} style={{ alignSelf: 'flex-start' }}>
                  In regalo
                </Badge>
              )}
            </Stack>
            {holder.givesBack || holder.inRegalo ? (
              <ProposeSwapButton
                other={holder}
                albumId={albumId}
                wanted={sticker.number}
                gift={holder.inRegalo}
                size="compact-md"
                h={44}
                style={{ flexShrink: 0 }}
              />
            ) : (
              <AskInChatButton holder={holder} number={sticker.number} />
            )}
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

/**
 * 'Le mie ultime' (/album/$albumId/ultime): each sticker I still miss with the nearest collectors who have
 * a spare, those nobody within 50 km has flagged; '?numero=' narrows it to one sticker. Kept on the device
 * (query-persistence.ts): it reads offline as it was last seen.
 */
export function LastStickersPage() {
  const { albumId } = useParams({ from: '/_authed/album/$albumId/ultime' });
  const { numero } = useSearch({ from: '/_authed/album/$albumId/ultime' });
  const holders = trpc.matches.nearbyHolders.useQuery({ albumId, ...(numero ? { number: numero } : {}) });
  let body: React.ReactNode;
  if (holders.isError) {
    body = (
      <LoadFailure
        message={errorMessage(holders.error, 'Errore nel caricamento delle figurine mancanti')}
        onRetry={() => void holders.refetch()}
      />
    );
  } else if (!holders.data) {
    body = (
      <Center py="xl" role="status">
        <Loader aria-label="Caricamento delle figurine mancanti" />
      </Center>
    );
  } else {
    const { missing, radiusKm, stickers } = holders.data;
    const nobody = stickers.filter((sticker) => sticker.holders.length === 0).length;
    body = (
      <Stack gap="sm">
        {numero === undefined && (
          <Text size="sm" c="dimmed" role="status">
            {missing === 0
              ? 'Album completo: non ti manca nessuna figurina'
              : `${missing === 1 ? 'Ti manca 1 figurina' : `Ti mancano ${missing} figurine`}${
                  stickers.length < missing ? ` (qui le prime ${stickers.length})` : ''
                }${nobody > 0 ? ` · ${nobody} senza nessuno entro ${radiusKm} km` : ''}`}
          </Text>
        )}
        {numero !== undefined && stickers.length === 0 && (
          <Text size="sm" c="dimmed" role="status">
            Hai già la figurina {displayNumber(numero)}
          </Text>
        )}
        {stickers.map((sticker) => (
          <MissingCard key={sticker.number} sticker={sticker} albumId={albumId} radiusKm={radiusKm} />
        ))}
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      <Group gap="xs" wrap="nowrap">
        <ActionIcon
          renderRoot={(props) => <Link {...props} to="/album/$albumId" params={{ albumId }} />}
          size={44}
          variant="subtle"
          color="gray"
          aria-label="Torna all'album"
        >
          <IconArrowLeft size={24} aria-hidden />
        </ActionIcon>
        <Title order={1} size="h4">
          {numero === undefined ? 'Le mie ultime' : `Chi ha la ${displayNumber(numero)} vicino a te`}
        </Title>
      </Group>
      {body}
    </Stack>
  );
}
