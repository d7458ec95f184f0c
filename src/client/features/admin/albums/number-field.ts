type Range = { readonly default: number };

/**
 * What a Mantine NumberInput holds (a number, or the text typed so far) as a number for the schema to
 * check: the spec falls back to the default when the text is not a number (an emptied field, "-"); any
 * other value is kept as typed, so one outside the range is refused with its message, never moved to
 * the range's nearest end behind the admin's back.
 */
export function numberFieldValue(value: number | string, range: Range): number {
  const parsed = typeof value === 'number' ? value : Number.parseFloat(value.replace(',', '.'));
  return Number.isFinite(parsed) ? parsed : range.default;
}

/** The price field (in euros, two decimals) as the schema's cents: an emptied field is no price. */
export function priceFieldCents(value: number | string): number | null {
  if (typeof value === 'string' && value.trim() === '') return null;
  const euros = typeof value === 'number' ? value : Number.parseFloat(value.replace(',', '.'));
  return Math.round(euros * 100);
}

/** A price in cents as the price field shows it, in euros; empty for none. */
export const priceFieldValue = (cents: number | null) => (cents === null ? '' : cents / 100);
