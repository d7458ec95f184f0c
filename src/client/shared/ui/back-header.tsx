import { ActionIcon, Group, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, type LinkProps } from '@tanstack/react-router';

/** A screen's title with the way back beside it (a 44 px round button named 'Indietro'). */
export function BackHeader({ back, title }: { back: LinkProps['to']; title: string }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <ActionIcon component={Link} to={back} variant="light" size="xl" radius="xl" aria-label="Indietro">
        <IconArrowLeft size={22} />
      </ActionIcon>
      <Title order={1} size="h2" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {title}
      </Title>
    </Group>
  );
}
