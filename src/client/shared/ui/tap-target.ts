import type { CSSProperties } from 'react';

/**
 * A text link a thumb can hit: at least 44×44 px (Apple's guideline and WCAG 2.5.5), the text centred in
 * it. The link looks the same; only the area that answers a tap grows.
 */
export const TAP_TARGET = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: 44,
  minWidth: 44,
} as const satisfies CSSProperties;
