import { ActionIcon, Group, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, type LinkProps } from '@tanstack/react-router';

type Props = {
  back: LinkProps['to'];
  /** The way back's params, for a path that has some (`/raduni/$radunoId`). */
  params?: LinkProps['params'];
  title: string;
};

/** A screen's title with the way back beside it (a 44 px round button named 'Indietro'). */
export function BackHeader({ back, params, title }: Props) {
  return (
    <Group gap="sm" wrap="nowrap">
      <ActionIcon
        renderRoot={(props) => <Link {...props} to={back} params={params} />}
        variant="light"
        size="xl"
        radius="xl"
        aria-label="Indietro"
      >
        <IconArrowLeft size={22} />
      </ActionIcon>
      <Title order={1} size="h2" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {title}
      </Title>
    </Group>
  );
}
