import { Button } from '@mantine/core';
import { useCallback, useRef, useState } from 'react';
import { useUnsentChanges } from '../../shared/session/unsent-changes.ts';
import { UnsentChangesDialog } from './unsent-changes-dialog.tsx';
import { useLogOut } from './use-log-out.ts';

/** 'Esci': at once, unless changes still wait for the server (then the collector chooses). */
export function LogoutButton() {
  const unsent = useUnsentChanges();
  const logOut = useLogOut();
  const [asking, setAsking] = useState(false);
  const [leaving, setLeaving] = useState(false);
  // Once: the dialog's wait ends in a logout by itself, maybe as the collector taps 'Esci e scarta'.
  const left = useRef(false);
  const { discard } = unsent;
  const leave = useCallback(
    (discardFirst: boolean) => {
      if (left.current) return;
      left.current = true;
      setLeaving(true);
      void (async () => {
        if (discardFirst) await discard();
        await logOut();
      })();
    },
    [discard, logOut],
  );

  return (
    <>
      <Button
        color="red"
        variant="light"
        fullWidth
        loading={leaving}
        onClick={() => (unsent.count > 0 ? setAsking(true) : leave(false))}
      >
        Esci
      </Button>
      <UnsentChangesDialog
        opened={asking && !leaving}
        count={unsent.count}
        messages={unsent.messages}
        onClose={() => setAsking(false)}
        onLogOut={leave}
      />
    </>
  );
}
