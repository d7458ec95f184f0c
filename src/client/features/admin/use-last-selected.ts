import { useState } from 'react';

/**
 * The selected item, or the last one while nothing is selected: a closing dialog keeps showing what it
 * was about during its closing animation instead of going blank.
 */
export function useLastSelected<T>(selected: T | null): T | null {
  const [last, setLast] = useState(selected);
  if (selected !== null && selected !== last) setLast(selected);
  return selected ?? last;
}
