import { Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMoodEmpty, IconSearch } from '@tabler/icons-react';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { trpc } from '../../../shared/api/trpc.ts';
import { useCurrentUser } from '../../../shared/session/use-current-user.ts';
import { ListState } from '../../../shared/ui/list-state.tsx';
import type { AdminUser } from './admin-user.ts';
import { BirthDateDialog } from './birth-date-dialog.tsx';
import { DeactivateUserDialog } from './deactivate-user-dialog.tsx';
import { ResetCodeDialog } from './reset-code-dialog.tsx';
import { useUserChanges } from './use-user-changes.ts';
import { UserCounters } from './user-counters.tsx';
import { UsersTable } from './users-table.tsx';

const SEARCH_DEBOUNCE_MS = 300;

// The id schema coerces, so its input type is unknown: only a number is a row.
const pendingId = (change: { isPending: boolean; variables?: { id: unknown } | undefined }) =>
  change.isPending && typeof change.variables?.id === 'number' ? change.variables.id : undefined;

/** /admin/utenti: find a user, see their state, activate, deactivate, make them premium or give a reset code. */
export function AdminUsersSection() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  // The previous list stays on screen while the next search answers.
  const users = trpc.users.list.useQuery(debounced ? { search: debounced } : undefined, {
    placeholderData: keepPreviousData,
  });
  const counts = trpc.users.counts.useQuery();
  const { user: self } = useCurrentUser();
  const { toggleStatus, setPremium, liftMinorContact } = useUserChanges();
  const [deactivating, setDeactivating] = useState<AdminUser | null>(null);
  const [givingCode, setGivingCode] = useState<AdminUser | null>(null);
  const [correcting, setCorrecting] = useState<AdminUser | null>(null);

  const list = users.data ?? [];
  const total = counts.data?.total;
  const truncated = !debounced && total !== undefined && list.length > 0 && total > list.length;

  return (
    <Stack gap="lg">
      <Title order={2}>Gestione Utenti</Title>
      <UserCounters />
      <TextInput
        aria-label="Cerca utenti"
        placeholder="Cerca utenti..."
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maxLength={50}
        leftSection={<IconSearch size={18} aria-hidden />}
        rightSection={users.isPlaceholderData ? <Loader size="xs" /> : null}
        maw={420}
      />
      {users.isError || list.length === 0 ? (
        <ListState
          loading={users.isPending}
          loadingText="Caricamento utenti..."
          failure={
            users.isError && {
              message: 'Errore nel caricamento degli utenti',
              onRetry: () => Promise.all([users.refetch(), counts.refetch()]),
              retrying: users.isFetching,
            }
          }
          empty={{
            icon: IconMoodEmpty,
            title: 'Nessun utente trovato',
            text: debounced ? 'Prova con un altro nickname, e-mail o CAP.' : undefined,
          }}
        />
      ) : (
        <UsersTable
          users={list}
          selfId={self?.id}
          statusPendingId={pendingId(toggleStatus)}
          premiumPendingId={pendingId(setPremium)}
          onDeactivate={setDeactivating}
          onResetCode={setGivingCode}
          onCorrectBirthDate={setCorrecting}
          onActivate={(user) => toggleStatus.mutate({ id: user.id, is_active: true })}
          onPremium={(user, isPremium) => setPremium.mutate({ id: user.id, isPremium })}
          onLiftMinorContact={(user) => liftMinorContact.mutate({ id: user.id })}
        />
      )}
      {truncated && (
        <Text size="sm" c="dimmed">
          Mostrati i {list.length} utenti più recenti su {total}: usa la ricerca per trovare gli altri.
        </Text>
      )}
      <DeactivateUserDialog
        user={deactivating}
        pending={toggleStatus.isPending}
        onClose={() => setDeactivating(null)}
        onConfirm={(user) =>
          toggleStatus.mutate({ id: user.id, is_active: false }, { onSuccess: () => setDeactivating(null) })
        }
      />
      <ResetCodeDialog user={givingCode} onClose={() => setGivingCode(null)} />
      <BirthDateDialog user={correcting} onClose={() => setCorrecting(null)} />
    </Stack>
  );
}
