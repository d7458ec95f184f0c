import { Anchor, Center, Stack, Text, Title } from '@mantine/core';

/** The notice a phone gets on any admin path: the panel is built for a desktop screen. */
export function DesktopRequired() {
  return (
    <Center mih="100dvh" p="lg">
      <Stack align="center" gap="xs">
        <Title order={1} size="h2">
          Serve un computer
        </Title>
        <Text ta="center">Il pannello admin è accessibile solo da desktop.</Text>
        <Anchor href="/">Torna alla Home</Anchor>
      </Stack>
    </Center>
  );
}
