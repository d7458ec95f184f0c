type Range = { readonly min: number; readonly max: number; readonly default: number };

/**
 * What a Mantine NumberInput holds (a number, or the text typed so far) as a whole number inside the
 * range: the spec falls back to the default when the text is not a number (an emptied field, "-").
 */
export function numberFieldValue(value: number | string, range: Range): number {
  const parsed = typeof value === 'number' ? value : Number.parseFloat(value.replace(',', '.'));
  if (!Number.isFinite(parsed)) return range.default;
  return Math.min(range.max, Math.max(range.min, Math.trunc(parsed)));
}
