import { Button } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { errorMessage } from '../../shared/api/error-message.ts';
import { trpc } from '../../shared/api/trpc.ts';
import { toastError } from '../../shared/ui/toast.ts';

export function LogoutButton() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const logout = trpc.auth.logout.useMutation({
    onSuccess: async () => {
      queryClient.clear();
      await navigate({ to: '/login' });
    },
    onError: (error) => toastError(errorMessage(error, 'Errore durante il logout')),
  });
  return (
    <Button color="red" variant="light" fullWidth loading={logout.isPending} onClick={() => logout.mutate()}>
      Esci
    </Button>
  );
}
