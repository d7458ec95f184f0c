import { Button, type ButtonProps, Text } from '@mantine/core';
import type { ComponentPropsWithoutRef, ReactNode, Ref } from 'react';

type Props = ButtonProps &
  Omit<ComponentPropsWithoutRef<'button'>, keyof ButtonProps> & {
    icon: ReactNode;
    /** One short word or two under the icon: a newcomer reads what each tool does before trying it. */
    label: string;
    ref?: Ref<HTMLButtonElement>;
    /** A link instead of a button (the router's own Link). */
    renderRoot?: (props: Record<string, unknown>) => ReactNode;
  };

/**
 * One of the opened album's four tools: its icon over its short label, a quarter of the row. Popovers and
 * menus wrap it as their target, so it takes their props and ref.
 */
export function AlbumToolButton({ icon, label, ...props }: Props) {
  return (
    <Button
      variant="light"
      h={56}
      px={4}
      fullWidth
      styles={{ label: { flexDirection: 'column', gap: 2 } }}
      {...props}
    >
      {icon}
      <Text span fz="xs" fw={600} lh={1.2}>
        {label}
      </Text>
    </Button>
  );
}
