import { Alert, Button, Stack } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';

/** After a new password: every session of the account has ended, so the next step is the login. */
export function PasswordResetDone() {
  return (
    <Stack gap="md">
      <Alert color="teal" variant="light" icon={<IconCircleCheck aria-hidden />} title="Password aggiornata">
        Ora accedi con la nuova password. Per sicurezza ogni dispositivo è stato disconnesso.
      </Alert>
      <Button component={Link} to="/login" fullWidth>
        Vai all'accesso
      </Button>
    </Stack>
  );
}
