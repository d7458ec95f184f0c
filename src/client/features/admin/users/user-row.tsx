import { ActionIcon, Anchor, Badge, Button, Group, Menu, Switch, Table, Text } from '@mantine/core';
import { IconCalendarUser, IconDots, IconKey, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { formatDate, formatDateTime } from '../../../shared/format/dates.ts';
import type { AdminUser } from './admin-user.ts';

export type UserRowProps = {
  user: AdminUser;
  isSelf: boolean;
  statusPending: boolean;
  premiumPending: boolean;
  onDeactivate: (user: AdminUser) => void;
  onActivate: (user: AdminUser) => void;
  onPremium: (user: AdminUser, isPremium: boolean) => void;
  /** 'Codice di ripristino': for an active collector (not an admin, not a demo one). */
  onResetCode: (user: AdminUser) => void;
  /** After reviewing 'adulto_minore' reports: the adult they stopped may reach minors again (issue 45). */
  onLiftMinorContact: (user: AdminUser) => void;
  /** 'Correggi la data di nascita': only an admin may, once the collector gave it (issue 45). */
  onCorrectBirthDate: (user: AdminUser) => void;
};

/**
 * The band only, never the birth date (issue 45); an account from before that has not answered yet. Under
 * the nickname, not a column of its own: the table had no room left at 1280 px (its badges were cut).
 */
const ageBandText = (band: AdminUser['ageBand']) =>
  `Età: ${band === null ? 'da chiedere' : band === 'under14' ? 'sotto i 14' : band}`;

/** A badge as wide as its word: a squeezed column wraps its neighbours, never cuts a badge to 'DISATT…'. */
const WHOLE = { flexShrink: 0, overflow: 'visible', minWidth: 'max-content' } as const;

export function UserRow({ user, isSelf, statusPending, premiumPending, ...actions }: UserRowProps) {
  return (
    <Table.Tr>
      <Table.Th scope="row">
        <Group gap={6} wrap="nowrap">
          <Text fw={600} size="sm">
            {user.username}
          </Text>
          {user.isAdmin && (
            <Badge size="xs" variant="filled" color="grape.9" style={WHOLE}>
              Admin
            </Badge>
          )}
          {user.isDemo && (
            <Badge size="xs" variant="filled" color="gray.7" style={WHOLE}>
              Demo
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {ageBandText(user.ageBand)}
        </Text>
        {user.parent && (
          <Text size="xs" c="dimmed">
            Genitore: {user.parent.nickname}
          </Text>
        )}
        {user.minorContactSuspended && (
          // Two short lines, no wider than the band's: a wider first column squeezes the badges (see above).
          <>
            <Text size="xs" c="red.8" title="Contatti con i minori sospesi dopo tre segnalazioni">
              Minori: sospeso
            </Text>
            <Anchor
              component="button"
              type="button"
              size="xs"
              aria-label={`Riattiva i contatti con i minori per ${user.username}`}
              onClick={() => actions.onLiftMinorContact(user)}
            >
              Riattiva
            </Anchor>
          </>
        )}
      </Table.Th>
      <Table.Td>{user.email ?? '-'}</Table.Td>
      <Table.Td>{user.cap}</Table.Td>
      <Table.Td>
        {/* Filled and dark: Mantine's light badges read under 4.5:1 on the hovered rows (axe's color-contrast). */}
        <Badge variant="filled" color={user.is_active ? 'teal.9' : 'red.9'} style={WHOLE}>
          {user.is_active ? 'Attivo' : 'Disattivato'}
        </Badge>
      </Table.Td>
      <Table.Td>{formatDate(user.created_at)}</Table.Td>
      <Table.Td>{user.last_login ? formatDateTime(user.last_login) : 'Mai'}</Table.Td>
      <Table.Td>
        <Switch
          checked={user.isPremium}
          disabled={premiumPending}
          onChange={(event) => actions.onPremium(user, event.currentTarget.checked)}
          aria-label={`Premium per ${user.username}`}
          color="yellow"
          size="sm"
        />
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          {isSelf ? (
            <Text size="sm" c="dimmed">
              Il tuo account
            </Text>
          ) : user.is_active ? (
            <Button
              size="xs"
              color="red"
              variant="light"
              leftSection={<IconUserOff size={16} aria-hidden />}
              loading={statusPending}
              onClick={() => actions.onDeactivate(user)}
            >
              Disattiva
            </Button>
          ) : (
            <Button
              size="xs"
              // Filled dark teal: Mantine's light teal text reads under 4.5:1 on its tint (axe's color-contrast).
              color="teal.9"
              variant="filled"
              leftSection={<IconUserCheck size={16} aria-hidden />}
              loading={statusPending}
              onClick={() => actions.onActivate(user)}
            >
              Attiva
            </Button>
          )}
          {!user.isAdmin && !user.isDemo && (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="light" size={30} aria-label={`Altre azioni per ${user.username}`}>
                  <IconDots size={16} aria-hidden />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                {user.is_active && (
                  <Menu.Item
                    leftSection={<IconKey size={16} aria-hidden />}
                    onClick={() => actions.onResetCode(user)}
                  >
                    Codice di ripristino
                  </Menu.Item>
                )}
                <Menu.Item
                  leftSection={<IconCalendarUser size={16} aria-hidden />}
                  onClick={() => actions.onCorrectBirthDate(user)}
                >
                  Correggi la data di nascita
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
