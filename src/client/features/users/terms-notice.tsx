import { Anchor, Button, Modal, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { TERMS_VERSION } from '../../../rpc/schemas/terms.ts';
import { trpc } from '../../shared/api/trpc.ts';
import { useCurrentUser } from '../../shared/session/use-current-user.ts';
import { termsSince } from './terms-page.tsx';

/**
 * The Termini changed since this collector accepted them (or they signed up before there were any): shown
 * once, at the next visit, until 'Ho letto' (issue 47, row 1). The app shows it, not over the Termini.
 */
export function TermsNotice() {
  const { user } = useCurrentUser();
  const utils = trpc.useUtils();
  const accept = trpc.users.acceptTerms.useMutation({
    onSuccess: (me) => utils.auth.session.setData(undefined, (was) => (was ? { ...was, ...me } : was)),
    meta: { errorMessage: 'Non è stato possibile salvare: riprova' },
  });
  if (!user?.termsOutdated) return null;
  return (
    <Modal
      opened
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      title="Abbiamo aggiornato i Termini"
    >
      <Stack gap="sm">
        <Text size="sm">
          Dal {termsSince()} valgono nuovi Termini di servizio: cosa è permesso, come funziona la moderazione
          e come contestare una decisione. Continuando a usare l'app li accetti.
        </Text>
        <Anchor component={Link} to="/termini" size="sm">
          Leggi i Termini
        </Anchor>
        <Button h={44} loading={accept.isPending} onClick={() => accept.mutate({ version: TERMS_VERSION })}>
          Ho letto
        </Button>
      </Stack>
    </Modal>
  );
}
