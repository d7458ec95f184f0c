import { Button, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { profileInput } from '../../../rpc/schemas/users.ts';
import type { CurrentUser } from '../../shared/api/trpc.ts';
import { trpc } from '../../shared/api/trpc.ts';
import { fieldErrors } from '../../shared/forms/field-errors.ts';
import { toastSuccess } from '../../shared/ui/toast.ts';

export function AccountSection({ user }: { user: CurrentUser }) {
  const [nickname, setNickname] = useState(user.nickname);
  const [cap, setCap] = useState(user.cap);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const utils = trpc.useUtils();
  const update = trpc.users.updateProfile.useMutation({
    onSuccess: (me) => {
      utils.auth.session.setData(undefined, me);
      toastSuccess('Profilo aggiornato', 'Le modifiche sono state salvate con successo');
    },
    meta: { errorMessage: "Errore nell'aggiornare il profilo" },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The CAP is checked by the server (it knows which CAPs exist); the nickname rules are checked here too.
    const parsed = profileInput.pick({ nickname: true }).safeParse({ nickname });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    update.mutate({ nickname: parsed.data.nickname, cap: cap.trim() });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Nickname"
          value={nickname}
          onChange={(event) => setNickname(event.currentTarget.value.toUpperCase())}
          error={errors.nickname}
          autoCapitalize="characters"
          autoComplete="username"
        />
        <TextInput
          label="CAP"
          value={cap}
          onChange={(event) => setCap(event.currentTarget.value)}
          inputMode="numeric"
          autoComplete="postal-code"
        />
        <Button type="submit" loading={update.isPending}>
          Salva modifiche
        </Button>
      </Stack>
    </form>
  );
}
