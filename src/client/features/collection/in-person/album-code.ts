/**
 * 'Scambio dal vivo' (issue 34): what two phones at a table pass each other, as bytes for a QR code and a
 * link's fragment (never sent to a server). Two kinds:
 * - a collector's album code: which stickers they have and which doubles are free to give, the album,
 *   their nickname, when it was made and a random nonce; nothing about where they live;
 * - a confirmation code: the swap one side picked after reading the other's album code, naming both
 *   codes' nonces (the swap's id derives from them), the time and the stickers each side hands over.
 * Stickers are named by their position in the album's order; a fingerprint of the album's numbers in that
 * order makes two phones that know different versions of the album say so instead of mixing stickers up.
 * Everything here is pure: encode, decode, and refuse anything malformed (a code is untrusted input).
 */

export const CODE_VERSION = 1;
const KIND_ALBUM = 1;
const KIND_CONFIRMATION = 2;
export const NONCE_BYTES = 8;
/** A code's sticker positions and counts stay within this (a real album has about a thousand). */
export const STICKERS_MAX = 4_000;
const NICKNAME = /^[A-Z0-9]{1,16}$/;

/** A sticker in an album code: 0 missing, 1 owned (nothing to give), 2 a double free to give. */
export type CodeState = 0 | 1 | 2;

export type AlbumCode = {
  kind: 'album';
  albumId: number;
  /** fingerprint() of the album's sticker numbers, in the order the states follow. */
  fingerprint: number;
  nickname: string;
  /** Epoch seconds. */
  createdAt: number;
  nonce: Uint8Array;
  states: CodeState[];
};

export type ConfirmationCode = {
  kind: 'confirmation';
  albumId: number;
  fingerprint: number;
  /** Who picked the swap (the side that scanned the album code), and the nonce of their own album code. */
  nickname: string;
  pickerNonce: Uint8Array;
  /** The nonce of the album code that was scanned: the confirming phone must have shown it. */
  scannedNonce: Uint8Array;
  /** Epoch seconds: the swap's time, the time of each side's marks. */
  at: number;
  /** Positions the picker gives, and receives. */
  gives: number[];
  receives: number[];
};

export type Code = AlbumCode | ConfirmationCode;

/** FNV-1a over the album's numbers in order, with a separator: both phones must know the same album. */
export function fingerprint(numbers: readonly string[]): number {
  let hash = 0x811c9dc5;
  for (const number of numbers) {
    for (const char of `${number}\u0000`) {
      hash ^= char.codePointAt(0) as number;
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
  }
  return hash >>> 0;
}

class Writer {
  private bytes: number[] = [];
  byte(value: number) {
    this.bytes.push(value & 0xff);
  }
  uint32(value: number) {
    for (let shift = 24; shift >= 0; shift -= 8) this.byte(value >>> shift);
  }
  varint(value: number) {
    let rest = value;
    while (rest >= 0x80) {
      this.byte((rest & 0x7f) | 0x80);
      rest = Math.floor(rest / 128);
    }
    this.byte(rest);
  }
  raw(bytes: Uint8Array) {
    for (const byte of bytes) this.byte(byte);
  }
  text(value: string) {
    this.byte(value.length);
    for (const char of value) this.byte(char.charCodeAt(0));
  }
  done() {
    return Uint8Array.from(this.bytes);
  }
}

class Reader {
  private at = 0;
  private readonly bytes: Uint8Array;
  constructor(bytes: Uint8Array) {
    this.bytes = bytes;
  }
  byte(): number {
    const value = this.bytes[this.at];
    if (value === undefined) throw new CodeError();
    this.at += 1;
    return value;
  }
  uint32(): number {
    let value = 0;
    for (let i = 0; i < 4; i += 1) value = value * 256 + this.byte();
    return value;
  }
  varint(max: number): number {
    let value = 0;
    let scale = 1;
    for (let i = 0; i < 5; i += 1) {
      const byte = this.byte();
      value += (byte & 0x7f) * scale;
      if (value > max) throw new CodeError();
      if (byte < 0x80) return value;
      scale *= 128;
    }
    throw new CodeError();
  }
  raw(length: number): Uint8Array {
    const bytes = this.bytes.slice(this.at, this.at + length);
    if (bytes.length !== length) throw new CodeError();
    this.at += length;
    return bytes;
  }
  text(): string {
    const length = this.byte();
    const value = String.fromCharCode(...this.raw(length));
    if (!NICKNAME.test(value)) throw new CodeError();
    return value;
  }
  end() {
    if (this.at !== this.bytes.length) throw new CodeError();
  }
}

/** A code that is not one of ours, or was cut or changed on the way. */
export class CodeError extends Error {
  constructor() {
    super('Codice non valido');
  }
}

/** Five stickers a byte (3⁵ = 243): a 980-sticker album in 196 bytes. */
function packStates(states: readonly CodeState[], into: Writer) {
  for (let i = 0; i < states.length; i += 5) {
    let byte = 0;
    for (let j = Math.min(i + 4, states.length - 1); j >= i; j -= 1) byte = byte * 3 + (states[j] as number);
    into.byte(byte);
  }
}

function unpackStates(count: number, from: Reader): CodeState[] {
  const states: CodeState[] = [];
  for (let i = 0; i < count; i += 5) {
    let byte = from.byte();
    if (byte >= 243) throw new CodeError();
    for (let j = i; j < Math.min(i + 5, count); j += 1) {
      states.push((byte % 3) as CodeState);
      byte = Math.floor(byte / 3);
    }
    if (byte !== 0) throw new CodeError();
  }
  return states;
}

/** Positions in increasing order, as the gaps between them. */
function writePositions(positions: readonly number[], into: Writer) {
  const sorted = [...positions].sort((a, b) => a - b);
  into.varint(sorted.length);
  let last = -1;
  for (const position of sorted) {
    into.varint(position - last - 1);
    last = position;
  }
}

function readPositions(from: Reader): number[] {
  const count = from.varint(STICKERS_MAX);
  const positions: number[] = [];
  let last = -1;
  for (let i = 0; i < count; i += 1) {
    last += from.varint(STICKERS_MAX) + 1;
    if (last >= STICKERS_MAX) throw new CodeError();
    positions.push(last);
  }
  return positions;
}

export function encodeCode(code: Code): Uint8Array {
  const out = new Writer();
  out.byte(CODE_VERSION);
  out.byte(code.kind === 'album' ? KIND_ALBUM : KIND_CONFIRMATION);
  out.varint(code.albumId);
  out.uint32(code.fingerprint);
  out.text(code.nickname);
  if (code.kind === 'album') {
    out.uint32(code.createdAt);
    out.raw(code.nonce);
    out.varint(code.states.length);
    packStates(code.states, out);
  } else {
    out.uint32(code.at);
    out.raw(code.pickerNonce);
    out.raw(code.scannedNonce);
    writePositions(code.gives, out);
    writePositions(code.receives, out);
  }
  return out.done();
}

/** The code these bytes hold; CodeError for anything else. */
export function decodeCode(bytes: Uint8Array): Code {
  const from = new Reader(bytes);
  if (from.byte() !== CODE_VERSION) throw new CodeError();
  const kind = from.byte();
  const albumId = from.varint(2 ** 31 - 1);
  const print = from.uint32();
  const nickname = from.text();
  let code: Code;
  if (kind === KIND_ALBUM) {
    const createdAt = from.uint32();
    const nonce = from.raw(NONCE_BYTES);
    const count = from.varint(STICKERS_MAX);
    code = {
      kind: 'album',
      albumId,
      fingerprint: print,
      nickname,
      createdAt,
      nonce,
      states: unpackStates(count, from),
    };
  } else if (kind === KIND_CONFIRMATION) {
    const at = from.uint32();
    const pickerNonce = from.raw(NONCE_BYTES);
    const scannedNonce = from.raw(NONCE_BYTES);
    const gives = readPositions(from);
    const receives = readPositions(from);
    code = {
      kind: 'confirmation',
      albumId,
      fingerprint: print,
      nickname,
      at,
      pickerNonce,
      scannedNonce,
      gives,
      receives,
    };
  } else {
    throw new CodeError();
  }
  from.end();
  return code;
}

export function toBase64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length > 8_000) throw new CodeError();
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** The path of the screen a code's link opens; the code travels in the fragment, never to a server. */
export const IN_PERSON_PATH = '/dal-vivo';

export function codeLink(origin: string, code: Code): string {
  return `${origin}${IN_PERSON_PATH}#${toBase64url(encodeCode(code))}`;
}

/** The code in a link (or in a QR code's text, which is the link); CodeError for anything else. */
export function codeOfLink(link: string): Code {
  const hash = link.indexOf('#');
  if (hash < 0) throw new CodeError();
  return decodeCode(fromBase64url(link.slice(hash + 1)));
}

/** The swap's id, the same on both phones: from the two album codes' nonces, whichever order. */
export async function inPersonSwapKey(a: Uint8Array, b: Uint8Array): Promise<string> {
  const [first, second] = toBase64url(a) < toBase64url(b) ? [a, b] : [b, a];
  const joined = new Uint8Array(NONCE_BYTES * 2);
  joined.set(first);
  joined.set(second, NONCE_BYTES);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', joined));
  return [...digest.slice(0, 16)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
