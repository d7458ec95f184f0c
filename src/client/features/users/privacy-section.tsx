import { Stack, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/** A section of /privacy named by its title (a region a screen reader can jump to). */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Stack component="section" gap={6} aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}
