import { Anchor, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Logo } from './logo.tsx';
import { TAP_TARGET } from './tap-target.ts';

type Props = {
  title: string;
  children: ReactNode;
  /** 'Torna all'accesso' under the card's content; off when the content leads there itself. */
  backToLogin?: boolean;
};

/**
 * The card of the screens for whoever is not logged in (password recovery, a verification link), like the
 * login screen's, with the way back to it.
 */
export function StrangerCard({ title, children, backToLogin = true }: Props) {
  return (
    <Center mih="calc(100dvh - 80px)">
      <Paper w="100%" maw={400} p="lg" radius="lg" shadow="md" withBorder>
        <Stack gap="md">
          <Stack gap={4} align="center">
            <Logo />
          </Stack>
          <Title order={1} size="h3" ta="center">
            {title}
          </Title>
          {children}
          {backToLogin && (
            <Text ta="center" size="sm">
              <Anchor component={Link} to="/login" style={TAP_TARGET}>
                Torna all'accesso
              </Anchor>
            </Text>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
