import { Anchor, NativeSelect, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { SWAP_POINT_KIND_LABELS } from '../../../rpc/schemas/swap-points.ts';
import { errorMessage } from '../api/error-message.ts';
import { trpc } from '../api/trpc.ts';
import { placeText } from '../format/place.ts';
import { LoadFailure } from '../ui/load-failure.tsx';
import { dayKey, dayLabel, meetingDays, meetingSlot, meetingStarts } from './meeting-choice.ts';

export type Meeting = { puntoScambioId: number; slotStart: string; slotEnd: string };

/**
 * Where and when we meet (issue 45, row 4): a verified Punto Scambio near both of us, a day of the next
 * two weeks, a start inside its openings and a length; `onChange` hears the meeting, or null while a
 * choice is missing.
 */
export function MeetingPicker({
  otherId,
  onChange,
}: {
  otherId: number;
  onChange: (meeting: Meeting | null) => void;
}) {
  const points = trpc.swapPoints.near.useQuery({ withUserId: otherId });
  const days = useMemo(() => meetingDays(), []);
  const [pointId, setPointId] = useState<string>('');
  const [day, setDay] = useState<string>('');
  const [start, setStart] = useState<string>('');
  const [minutes, setMinutes] = useState<string>('30');
  const point = points.data?.find((one) => String(one.id) === pointId);
  const chosenDay = days.find((one) => dayKey(one) === day);
  const starts = point && chosenDay ? meetingStarts(chosenDay, point.openingHours) : [];
  const durations = starts.find((one) => one.start === start)?.durations ?? [];
  const length = durations.includes(Number(minutes)) ? Number(minutes) : durations[0];

  useEffect(() => {
    if (!point || !chosenDay || !start || length === undefined) return onChange(null);
    const slot = meetingSlot(chosenDay, start, length);
    onChange({
      puntoScambioId: point.id,
      slotStart: slot.start.toISOString(),
      slotEnd: slot.end.toISOString(),
    });
  }, [point, chosenDay, start, length, onChange]);

  if (points.isError) {
    return (
      <LoadFailure
        message={errorMessage(points.error, 'Errore nel caricamento dei Punti Scambio')}
        onRetry={() => void points.refetch()}
      />
    );
  }
  const none = points.data?.length === 0;
  return (
    <Stack gap="sm" role="group" aria-label="Dove e quando">
      <Text fw={600}>Dove e quando</Text>
      <Text size="sm" c="dimmed">
        Con un minorenne ci si incontra in un Punto Scambio, negli orari di apertura.
      </Text>
      {none ? (
        <Text size="sm" role="status">
          Nessun Punto Scambio verificato vicino a entrambi.{' '}
          <Anchor component={Link} to="/punti-scambio">
            Suggeriscine uno
          </Anchor>
        </Text>
      ) : (
        <>
          <NativeSelect
            label="Punto Scambio"
            disabled={!points.data}
            value={pointId}
            onChange={(event) => {
              setPointId(event.currentTarget.value);
              setStart('');
            }}
            data={[
              { value: '', label: points.data ? 'Scegli un luogo' : 'Caricamento…' },
              ...(points.data ?? []).map((one) => ({
                value: String(one.id),
                label: `${one.name} · ${placeText({ comune: one.comune, distanceKm: one.distanceKm ?? 0 })}`,
              })),
            ]}
          />
          {point && (
            <Text size="sm">
              {SWAP_POINT_KIND_LABELS[point.kind]} · {point.address}
            </Text>
          )}
          <NativeSelect
            label="Giorno"
            disabled={!point}
            value={day}
            onChange={(event) => {
              setDay(event.currentTarget.value);
              setStart('');
            }}
            data={[
              { value: '', label: 'Scegli un giorno' },
              ...days.map((one) => ({ value: dayKey(one), label: dayLabel(one) })),
            ]}
          />
          {point && chosenDay && starts.length === 0 ? (
            <Text size="sm" role="status">
              Il Punto Scambio è chiuso quel giorno: scegline un altro
            </Text>
          ) : (
            <NativeSelect
              label="Dalle ore"
              disabled={starts.length === 0}
              value={start}
              onChange={(event) => setStart(event.currentTarget.value)}
              data={[{ value: '', label: 'Scegli un orario' }, ...starts.map((one) => one.start)]}
            />
          )}
          <NativeSelect
            label="Durata"
            disabled={durations.length === 0}
            value={length === undefined ? '' : String(length)}
            onChange={(event) => setMinutes(event.currentTarget.value)}
            data={
              durations.length === 0
                ? [{ value: '', label: '—' }]
                : durations.map((one) => ({ value: String(one), label: `${one} minuti` }))
            }
          />
        </>
      )}
    </Stack>
  );
}
