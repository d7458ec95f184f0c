import { expect, test } from 'vitest';
import {
  type AlbumCode,
  CodeError,
  type CodeState,
  type ConfirmationCode,
  codeLink,
  codeOfLink,
  decodeCode,
  encodeCode,
  fingerprint,
  inPersonSwapKey,
} from './album-code.ts';

const nonce = (seed: number) => Uint8Array.from({ length: 8 }, (_, i) => (seed * 31 + i * 7) % 256);
const randomStates = (count: number, seed: number): CodeState[] => {
  let value = seed;
  return Array.from({ length: count }, () => {
    value = (value * 1103515245 + 12345) % 2 ** 31;
    return (value % 3) as CodeState;
  });
};

const albumCode = (count: number): AlbumCode => ({
  kind: 'album',
  albumId: 12,
  fingerprint: fingerprint(Array.from({ length: count }, (_, i) => String(i + 1))),
  nickname: 'ANNA',
  createdAt: 1_795_000_000,
  nonce: nonce(1),
  states: randomStates(count, count),
});

test('an album code goes out and comes back the same, every state of every sticker', () => {
  for (const count of [0, 1, 4, 5, 6, 720, 980]) {
    const code = albumCode(count);
    expect(decodeCode(encodeCode(code))).toEqual(code);
  }
});

test('a 980-sticker album is about 230 bytes: five stickers a byte', () => {
  expect(encodeCode(albumCode(980)).length).toBeLessThanOrEqual(196 + 40);
  expect(encodeCode(albumCode(720)).length).toBeLessThanOrEqual(144 + 40);
});

test('a confirmation code carries both nonces, the time and the two lists in order', () => {
  const code: ConfirmationCode = {
    kind: 'confirmation',
    albumId: 12,
    fingerprint: 99,
    nickname: 'BRUNO',
    at: 1_795_000_100,
    pickerNonce: nonce(2),
    scannedNonce: nonce(1),
    gives: [979, 0, 14],
    receives: [3, 4],
  };
  expect(decodeCode(encodeCode(code))).toEqual({ ...code, gives: [0, 14, 979] });
});

test('the link carries the code in its fragment, and reads back', () => {
  const code = albumCode(30);
  const link = codeLink('https://figurine.example.it', code);
  expect(link).toMatch(/^https:\/\/figurine\.example\.it\/dal-vivo#[A-Za-z0-9_-]+$/);
  expect(codeOfLink(link)).toEqual(code);
});

test('anything cut, padded, altered or foreign is refused as a code, never half read', () => {
  const bytes = encodeCode(albumCode(40));
  const refused = (candidate: Uint8Array) =>
    expect(() => decodeCode(candidate), String(candidate)).toThrow(CodeError);
  refused(bytes.slice(0, bytes.length - 1));
  refused(Uint8Array.from([...bytes, 0]));
  refused(Uint8Array.from([2, ...bytes.slice(1)]));
  refused(Uint8Array.from([1, 3, ...bytes.slice(2)]));
  const badState = Uint8Array.from(bytes);
  badState[badState.length - 1] = 250;
  refused(badState);
  const badNickname = Uint8Array.from(bytes);
  badNickname[7] = 'a'.charCodeAt(0);
  refused(badNickname);
  refused(new Uint8Array());
  expect(() => codeOfLink('https://figurine.example.it/dal-vivo#%%%')).toThrow(CodeError);
  expect(() => codeOfLink('https://figurine.example.it/dal-vivo')).toThrow(CodeError);
  // A count far beyond any album is refused before anything is allocated for it.
  expect(() =>
    decodeCode(Uint8Array.from([1, 1, 12, 0, 0, 0, 0, 1, 65, 0, 0, 0, 0, ...nonce(1), 0xff, 0xff, 0x7f])),
  ).toThrow(CodeError);
});

test('both phones derive the same swap id from the two codes, whichever scanned', async () => {
  const key = await inPersonSwapKey(nonce(1), nonce(2));
  expect(key).toMatch(/^[0-9a-f]{32}$/);
  expect(await inPersonSwapKey(nonce(2), nonce(1))).toBe(key);
  expect(await inPersonSwapKey(nonce(1), nonce(3))).not.toBe(key);
});

test('the fingerprint tells two versions of an album apart: numbers, their order, a sticker more', () => {
  const numbers = ['1', '2', 'ITA 3'];
  expect(fingerprint(numbers)).toBe(fingerprint([...numbers]));
  expect(fingerprint(['2', '1', 'ITA 3'])).not.toBe(fingerprint(numbers));
  expect(fingerprint([...numbers, '4'])).not.toBe(fingerprint(numbers));
  expect(fingerprint(['12', '3'])).not.toBe(fingerprint(['1', '23']));
});
