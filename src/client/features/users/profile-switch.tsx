import { Card, Switch } from '@mantine/core';
import type { Me } from '../../../rpc/schemas/users.ts';
import { trpc } from '../../shared/api/trpc.ts';
import { toastSuccess } from '../../shared/ui/toast.ts';

/**
 * What Profilo's switches do with the server's answer (the collector as saved): it becomes the session's
 * user at once, and a toast says it is saved.
 */
export function useSavedToSession() {
  const utils = trpc.useUtils();
  return {
    onSuccess: (me: Me) => {
      utils.auth.session.setData(undefined, (session) => (session ? { ...session, ...me } : me));
      toastSuccess('Profilo aggiornato', 'Le modifiche sono state salvate con successo');
    },
    meta: { errorMessage: "Errore nell'aggiornare il profilo" },
  };
}

type Props = {
  label: string;
  description: string;
  checked: boolean;
  pending: boolean;
  onChange: (checked: boolean) => void;
};

/** One of Profilo's switches in its card, saved as soon as it is flipped. */
export function ProfileSwitch({ label, description, checked, pending, onChange }: Props) {
  return (
    <Card withBorder radius="md" padding="md">
      <Switch
        size="md"
        label={label}
        description={description}
        checked={checked}
        disabled={pending}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
    </Card>
  );
}
