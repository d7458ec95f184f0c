import { Alert, Button, Stack, Text } from '@mantine/core';
import type { AgeBand } from '../../../rpc/schemas/age-band-rule.ts';
import { trpc } from '../../shared/api/trpc.ts';
import { useCurrentUser } from '../../shared/session/use-current-user.ts';

/** What a band newly reached changes, in words a teen reads (issue 45). */
const NOTICES: Partial<Record<AgeBand, { title: string; text: string }>> = {
  '18+': {
    title: 'Ora sei maggiorenne',
    text:
      'Da oggi valgono le regole degli adulti: con chi ha meno di 18 anni si scambia solo con una proposta in ' +
      'un Punto Scambio e in chat si usano le frasi pronte. Gli altri maggiorenni ora possono trovarti nelle ricerche.',
  },
  '14-17': {
    title: 'Hai compiuto 14 anni',
    text:
      'Ora puoi chattare con gli altri ragazzi e, se vuoi, farti trovare dai maggiorenni per proporre scambi ' +
      '(in Profilo, «Visibile ai maggiorenni»). I contatti e gli indirizzi in chat restano bloccati.',
  },
};

/**
 * The band rose on a birthday: Home says once what changes, until 'Ho capito'. Only on the screen, never a
 * push or an e-mail (nothing calls a minor back to the app).
 */
export function AgeBandNotice() {
  const { user } = useCurrentUser();
  const utils = trpc.useUtils();
  const seen = trpc.users.ageBandSeen.useMutation({
    onSuccess: (me) =>
      utils.auth.session.setData(undefined, (session) => (session ? { ...session, ...me } : me)),
    meta: { errorMessage: "Errore nell'aggiornare il profilo" },
  });
  const notice = user?.ageBandRose ? NOTICES[user.ageBandRose.to] : undefined;
  if (!notice) return null;
  return (
    <Alert color="indigo" variant="light" role="status" title={notice.title}>
      <Stack gap="sm">
        <Text size="sm">{notice.text}</Text>
        <Button variant="white" size="sm" h={44} loading={seen.isPending} onClick={() => seen.mutate()}>
          Ho capito
        </Button>
      </Stack>
    </Alert>
  );
}
