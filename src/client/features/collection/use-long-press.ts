import { type MouseEvent, type PointerEvent, useRef } from 'react';

/** How long a finger must rest on a button for a long press (Android's own figure). */
export const LONG_PRESS_MS = 500;

/**
 * A button's click, and another action for a long press: the finger held LONG_PRESS_MS, then lifted.
 * Told apart by the events' own times, never by a timer, so a busy phone that handles the lift late
 * cannot turn a tap into a long press. The click that ends a long press is swallowed, and so is the
 * context menu a phone opens for it; a finger that slides away (a scroll) is no press at all.
 */
export function useLongPress(onClick: () => void, onLongPress: (() => void) | undefined) {
  const downAt = useRef<number | undefined>(undefined);
  const pressedLong = useRef(false);
  if (!onLongPress) return { onClick };
  const cancel = () => {
    downAt.current = undefined;
  };
  return {
    onPointerDown: (event: PointerEvent) => {
      pressedLong.current = false;
      downAt.current = event.timeStamp;
    },
    onPointerUp: (event: PointerEvent) => {
      const held = downAt.current === undefined ? 0 : event.timeStamp - downAt.current;
      cancel();
      if (held < LONG_PRESS_MS) return;
      pressedLong.current = true;
      onLongPress();
    },
    onPointerLeave: cancel,
    onPointerCancel: cancel,
    onContextMenu: (event: MouseEvent) => event.preventDefault(),
    onClick: () => {
      if (pressedLong.current) pressedLong.current = false;
      else onClick();
    },
  };
}
