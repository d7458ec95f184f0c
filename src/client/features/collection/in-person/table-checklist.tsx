import { Text } from '@mantine/core';
import { memo } from 'react';
import { displayNumber } from '../../../shared/format/sticker-number.ts';
import classes from './table-checklist.module.css';

type Sticker = { number: string; name: string };

type Props = {
  title: string;
  stickers: readonly Sticker[];
  chosen: ReadonlySet<string>;
  onToggle: (number: string) => void;
};

/**
 * One side of the table swap: a checkbox per sticker and the count chosen in the title. Plain inputs, not
 * the chooser's Mantine checkboxes: a 980-sticker album can list 140 rows at once, and the lists must show
 * in well under a second on a mid-range phone with no signal (bench:in-person, BENCH_BROWSER=1).
 */
export const TableChecklist = memo(function TableChecklist({ title, stickers, chosen, onToggle }: Props) {
  return (
    <fieldset className={classes.list}>
      <legend className={classes.title}>{`${title}: ${chosen.size} di ${stickers.length}`}</legend>
      {stickers.length === 0 && (
        <Text size="sm" c="dimmed">
          Nessuna figurina disponibile
        </Text>
      )}
      {stickers.map((sticker) => (
        <label key={sticker.number} className={classes.row}>
          <input
            type="checkbox"
            checked={chosen.has(sticker.number)}
            onChange={() => onToggle(sticker.number)}
          />
          {`${displayNumber(sticker.number)} ${sticker.name}`}
        </label>
      ))}
    </fieldset>
  );
});
