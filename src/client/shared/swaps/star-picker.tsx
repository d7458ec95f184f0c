import { ActionIcon, Group } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';

const STARS = [1, 2, 3, 4, 5] as const;

export const starsLabel = (stars: number) => (stars === 1 ? '1 stella' : `${stars} stelle`);

/** Five stars a thumb can hit (44 px each), a radio group for screen readers. */
export function StarPicker({ value, onChange }: { value: number; onChange: (stars: number) => void }) {
  return (
    <Group role="radiogroup" aria-label="Valutazione" gap={2}>
      {STARS.map((stars) => (
        <ActionIcon
          key={stars}
          role="radio"
          aria-checked={value === stars}
          aria-label={starsLabel(stars)}
          variant="subtle"
          color="yellow"
          size={44}
          onClick={() => onChange(stars)}
        >
          {stars <= value ? (
            <IconStarFilled size={30} />
          ) : (
            <IconStar size={30} color="var(--mantine-color-gray-5)" />
          )}
        </ActionIcon>
      ))}
    </Group>
  );
}
