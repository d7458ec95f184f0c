/**
 * Everywhere a sticker number is shown (spec §9): purely numeric ones with three digits (`7` → `007`);
 * codes like `SPE 3` stay as they are.
 */
export function displayNumber(number: string): string {
  return /^\d+$/.test(number) ? number.padStart(3, '0') : number;
}
