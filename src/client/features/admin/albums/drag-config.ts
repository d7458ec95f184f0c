import {
  type AutoScrollOptions,
  KeyboardSensor,
  type Modifier,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import type { PointerEvent } from 'react';

/** The drag layer sits above everything, Mantine's modals and notifications included (spec §9). */
export const DRAG_OVERLAY_Z_INDEX = 5000;

/**
 * Spec §9: scrolling starts when the album is within 25% of the edge, up to 28 px per frame. dnd-kit
 * speeds up linearly towards the edge instead of the spec's ramp, which is close enough by hand.
 */
export const AUTO_SCROLL: AutoScrollOptions = {
  threshold: { x: 0, y: 0.25 },
  acceleration: 28,
  interval: 16,
};

/**
 * A pointer sensor for mouse and pen only: a finger's pointerdown would otherwise start the drag
 * after 5 px and win over the touch sensor's long press, making the list impossible to scroll.
 */
class MousePointerSensor extends PointerSensor {
  static override activators = [
    {
      eventName: 'onPointerDown' as const,
      handler: ({ nativeEvent }: PointerEvent) =>
        nativeEvent.pointerType !== 'touch' && nativeEvent.isPrimary && nativeEvent.button === 0,
    },
  ];
}

/** Spec §9: a mouse drag starts after a 5 px move, a touch drag after a 120 ms press; keys always work. */
export function useAlbumDragSensors() {
  return useSensors(
    useSensor(MousePointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 120, tolerance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
}

/** Albums only move up and down. */
export const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });
