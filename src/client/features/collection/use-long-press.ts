import { type MouseEvent, useRef } from 'react';

/** How long a finger must rest on a button for a long press (Android's own figure). */
export const LONG_PRESS_MS = 500;

/**
 * A button's click, and another action for a long press: the finger held LONG_PRESS_MS. The click that
 * ends a long press is swallowed, and so is the context menu a phone opens for it.
 */
export function useLongPress(onClick: () => void, onLongPress: (() => void) | undefined) {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const pressedLong = useRef(false);
  const cancel = () => clearTimeout(timer.current);
  if (!onLongPress) return { onClick };
  return {
    onPointerDown: () => {
      pressedLong.current = false;
      cancel();
      timer.current = setTimeout(() => {
        pressedLong.current = true;
        onLongPress();
      }, LONG_PRESS_MS);
    },
    onPointerUp: cancel,
    onPointerLeave: cancel,
    onPointerCancel: cancel,
    onContextMenu: (event: MouseEvent) => event.preventDefault(),
    onClick: () => {
      if (pressedLong.current) pressedLong.current = false;
      else onClick();
    },
  };
}
