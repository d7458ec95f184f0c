import { Button } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { forgetKeptQueries } from '../../shared/api/query-persistence.ts';
import { trpc } from '../../shared/api/trpc.ts';

export function LogoutButton() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const logout = trpc.auth.logout.useMutation({
    onSuccess: async () => {
      queryClient.clear();
      await forgetKeptQueries();
      await navigate({ to: '/login' });
    },
    meta: { errorMessage: 'Errore durante il logout' },
  });
  return (
    <Button color="red" variant="light" fullWidth loading={logout.isPending} onClick={() => logout.mutate()}>
      Esci
    </Button>
  );
}
