import './raduni-mantine.css';
import { Button, Checkbox, Group, NativeSelect, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { italianClock, italianInstant } from '../../../rpc/schemas/italian-clock.ts';
import {
  RADUNO_ALBUMS_MAX,
  RADUNO_KINDS,
  RADUNO_TABLES_MAX,
  RADUNO_TITLE_MAX,
  type RadunoKind,
} from '../../../rpc/schemas/raduni.ts';
import { errorMessage } from '../../shared/api/error-message.ts';
import { trpc } from '../../shared/api/trpc.ts';
import { BackHeader } from '../../shared/ui/back-header.tsx';
import { RADUNO_KIND_LABELS } from './raduni-queries.ts';

/** 'YYYY-MM-DD' of the Italian calendar day `days` after today. */
function italianDayAfter(days: number) {
  const { year, month, day } = italianClock(new Date(Date.now() + days * 86_400_000));
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The instant a day and a time of the form mean in Italy, whatever the phone's time zone. */
function instantOf(date: string, time: string): string | undefined {
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  if (!year || !month || !day || hour === undefined || minute === undefined) return undefined;
  return italianInstant({ year, month, day }, hour, minute).toISOString();
}

/**
 * 'Annuncia un raduno' (issue 46, row 1), for an organiser an admin verified for a place (a newsstand owner
 * runs their mornings) or an admin: where, what, the day and the hours in Italy, the albums, the tables.
 */
export function AnnouncePage() {
  const navigate = useNavigate();
  const places = trpc.raduni.places.useQuery();
  const albums = trpc.albums.list.useQuery();
  const [placeId, setPlaceId] = useState('');
  const [title, setTitle] = useState('');
  const [kind, setKind] = useState<RadunoKind>('raduno');
  const [day, setDay] = useState(italianDayAfter(7));
  const [from, setFrom] = useState('09:00');
  const [to, setTo] = useState('13:00');
  const [albumIds, setAlbumIds] = useState<string[]>([]);
  const [tables, setTables] = useState<number | string>('');
  const utils = trpc.useUtils();
  const create = trpc.raduni.create.useMutation({
    onSuccess: (raduno) => {
      void utils.raduni.near.invalidate();
      void navigate({ to: '/raduni/$radunoId', params: { radunoId: raduno.id } });
    },
  });
  const chosenPlace = placeId || String(places.data?.[0]?.id ?? '');

  if (places.data && places.data.length === 0) {
    return (
      <Stack gap="md">
        <BackHeader back="/raduni" title="Annuncia un raduno" />
        <Text>
          Annuncia i raduni chi organizza un Punto Scambio verificato: chiedi all'amministratore di
          verificarti come organizzatore del tuo.
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <BackHeader back="/raduni" title="Annuncia un raduno" />
      <Stack
        component="form"
        gap="md"
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate({
            puntoScambioId: Number(chosenPlace),
            title,
            kind,
            start: instantOf(day, from) ?? '',
            end: instantOf(day, to) ?? '',
            albumIds: albumIds.map(Number),
            ...(tables === '' ? {} : { tables: Number(tables) }),
          });
        }}
      >
        <NativeSelect
          label="Punto Scambio"
          size="md"
          value={chosenPlace}
          onChange={(event) => setPlaceId(event.currentTarget.value)}
          data={(places.data ?? []).map((place) => ({
            value: String(place.id),
            label: place.comune ? `${place.name} · ${place.comune}` : place.name,
          }))}
        />
        <TextInput
          label="Titolo"
          placeholder="Es. Domenica di scambi"
          size="md"
          maxLength={RADUNO_TITLE_MAX}
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
        />
        <NativeSelect
          label="Tipo"
          size="md"
          value={kind}
          onChange={(event) => setKind(event.currentTarget.value as RadunoKind)}
          data={RADUNO_KINDS.map((value) => ({ value, label: RADUNO_KIND_LABELS[value] }))}
        />
        <TextInput
          label="Giorno"
          type="date"
          size="md"
          value={day}
          onChange={(event) => setDay(event.currentTarget.value)}
        />
        <Group grow gap="sm">
          <TextInput
            label="Dalle"
            type="time"
            size="md"
            value={from}
            onChange={(event) => setFrom(event.currentTarget.value)}
          />
          <TextInput
            label="Alle"
            type="time"
            size="md"
            value={to}
            onChange={(event) => setTo(event.currentTarget.value)}
          />
        </Group>
        <Checkbox.Group
          label="Album"
          description={`Al massimo ${RADUNO_ALBUMS_MAX}`}
          value={albumIds}
          onChange={setAlbumIds}
        >
          <Stack gap="xs" mt="xs">
            {(albums.data ?? []).map((album) => (
              <Checkbox key={album.id} size="md" value={String(album.id)} label={album.name} />
            ))}
          </Stack>
        </Checkbox.Group>
        <NumberInput
          label="Tavoli (facoltativo)"
          size="md"
          min={1}
          max={RADUNO_TABLES_MAX}
          allowDecimal={false}
          value={tables}
          onChange={setTables}
        />
        {create.isError && (
          <Text c="red.8" role="alert">
            {errorMessage(create.error, 'Non è stato possibile annunciare il raduno')}
          </Text>
        )}
        <Button type="submit" h={44} loading={create.isPending} disabled={!chosenPlace}>
          Annuncia
        </Button>
      </Stack>
    </Stack>
  );
}
