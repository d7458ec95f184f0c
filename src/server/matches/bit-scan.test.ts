import fs from 'node:fs/promises';
import { expect, test } from 'vitest';
import { seededRandom as random } from '../seeded-random.ts';
import { ScannedRows } from './bit-scan.ts';
import { assembleBitScan, BIT_SCAN_WASM } from './bit-scan-source.ts';
import { bitCount } from './bit-words.ts';

test('bit-scan.wasm is bit-scan.wat assembled (npm run build:wasm after changing the .wat)', async () => {
  const committed = Buffer.from(await fs.readFile(BIT_SCAN_WASM));
  expect(committed.equals(Buffer.from(await assembleBitScan()))).toBe(true);
});

test.each([4, 8, 24, 32, 64])(
  'counts what each listed row gives me and what I give it as plain JavaScript does (%i words)',
  (words) => {
    const next = random(words);
    const word = () => Math.floor(next() * 2 ** 32) >>> 0;
    let room = 40;
    const scanned = new ScannedRows(words, room);
    const fill = (from: number, to: number) => {
      for (let at = from * words; at < to * words; at++) {
        scanned.gives[at] = word();
        scanned.owned[at] = word();
      }
    };
    fill(0, room);
    const expected = (row: number) => {
      let theyGive = 0;
      let iGive = 0;
      for (let w = 0; w < words; w++) {
        theyGive += bitCount((scanned.gives[row * words + w] as number) & (scanned.mask[w] as number));
        iGive += bitCount((scanned.mine[w] as number) & ~(scanned.owned[row * words + w] as number));
      }
      return [theyGive, iGive];
    };
    for (let round = 0; round < 6; round++) {
      // Rows kept across a growth of the memory (the list and answers written before it), new ones zero.
      if (round === 3) {
        scanned.count(room);
        const gives = scanned.gives.slice(0, room * words);
        const owned = scanned.owned.slice(0, room * words);
        scanned.grow(room * 40);
        expect(scanned.gives.slice(0, room * words)).toEqual(gives);
        expect(scanned.owned.slice(0, room * words)).toEqual(owned);
        expect(scanned.gives.subarray(room * words).every((bits) => bits === 0)).toBe(true);
        expect(scanned.owned.subarray(room * words).every((bits) => bits === 0)).toBe(true);
        fill(room, room * 40);
        room *= 40;
      }
      for (let w = 0; w < words; w++) {
        scanned.mask[w] = round === 0 ? 0xffffffff : word();
        scanned.mine[w] = round === 0 ? 0xffffffff : word();
      }
      const listed = Math.floor(next() * room) + 1;
      for (let i = 0; i < listed; i++) scanned.list[i] = Math.floor(next() * room);
      scanned.count(listed);
      const got = Array.from({ length: listed }, (_, i) => [scanned.theyGive[i], scanned.iGive[i]]);
      expect(got).toEqual(Array.from(scanned.list.subarray(0, listed), expected));
    }
    // The largest counts a row can have: every bit set, and none.
    scanned.gives.fill(0xffffffff);
    scanned.owned.fill(0);
    scanned.mask.fill(0xffffffff);
    scanned.mine.fill(0xffffffff);
    scanned.list[0] = room - 1;
    scanned.count(1);
    expect([scanned.theyGive[0], scanned.iGive[0]]).toEqual([words * 32, words * 32]);
  },
);
