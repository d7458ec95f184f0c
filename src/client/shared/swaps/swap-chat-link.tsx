import { Button } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';

/** 'Apri chat': from a swap card to the pair's conversation, where they arrange the meeting. */
export function SwapChatLink({ matchId }: { matchId: number }) {
  return (
    <Button
      renderRoot={(props) => <Link {...props} to="/chat/$matchId" params={{ matchId: String(matchId) }} />}
      variant="light"
      h={44}
      leftSection={<IconMessageCircle size={18} aria-hidden />}
    >
      Apri chat
    </Button>
  );
}
