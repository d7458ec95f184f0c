/** Collection bitmaps travel as PostgreSQL bit strings in text form: '0110…', bit 0 first. */
export function hasBit(bits: string, slot: number): boolean {
  return bits.charCodeAt(slot) === 49;
}

/** The slots whose bits are set, in slot order. */
export function slotsIn(bits: string): number[] {
  const slots: number[] = [];
  for (let slot = bits.indexOf('1'); slot !== -1; slot = bits.indexOf('1', slot + 1)) slots.push(slot);
  return slots;
}
