import { Card, Table } from '@mantine/core';
import type { AdminUser } from './admin-user.ts';
import { UserRow, type UserRowProps } from './user-row.tsx';

type Props = Omit<UserRowProps, 'user' | 'isSelf' | 'statusPending' | 'premiumPending'> & {
  users: AdminUser[];
  selfId: number | undefined;
  /** The user whose activation or premium change is on its way. */
  statusPendingId: number | undefined;
  premiumPendingId: number | undefined;
};

export function UsersTable({ users, selfId, statusPendingId, premiumPendingId, ...actions }: Props) {
  return (
    <Card withBorder radius="md" padding={0}>
      <Table.ScrollContainer minWidth={900}>
        <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Utente</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>CAP</Table.Th>
              <Table.Th>Stato</Table.Th>
              <Table.Th>Registrato il</Table.Th>
              <Table.Th>Ultimo accesso</Table.Th>
              <Table.Th>Premium</Table.Th>
              <Table.Th>Azioni</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.map((user) => (
              <UserRow
                key={user.id}
                user={user}
                isSelf={user.id === selfId}
                statusPending={user.id === statusPendingId}
                premiumPending={user.id === premiumPendingId}
                {...actions}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
