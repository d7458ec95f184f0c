/**
 * Everywhere a sticker number is shown (spec §9): purely numeric ones with three digits (`7` → `007`);
 * codes like `SPE 3`, and numbers the album prints with leading zeros (`00`, `07`), stay as they are.
 */
export function displayNumber(number: string): string {
  return /^[1-9]\d*$/.test(number) ? number.padStart(3, '0') : number;
}
