import type { Sticker } from '../album-queries.ts';
import { queueTaps } from '../outbox/tap-outbox.ts';
import {
  type AlbumCode,
  type CodeState,
  type ConfirmationCode,
  inPersonSwapKey,
  NONCE_BYTES,
} from './album-code.ts';
import { afterGiving, afterReceiving, type Mark } from './album-state.ts';
import {
  findInPersonSwap,
  type InPersonSwap,
  keepInPersonSwap,
  type SwapSticker,
} from './in-person-swaps.ts';
import { rememberShownCode } from './my-codes.ts';

/** An album code older than this says so: the collector's album may have changed since. */
export const CODE_FRESH_DAYS = 3;

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A new code of my album as the device knows it now (remembered, so its confirmation is recognised). */
export function newAlbumCode(
  user: { id: number; nickname: string },
  albumId: number,
  print: number,
  states: readonly CodeState[],
): AlbumCode {
  const code: AlbumCode = {
    kind: 'album',
    albumId,
    fingerprint: print,
    nickname: user.nickname,
    createdAt: nowSeconds(),
    nonce: crypto.getRandomValues(new Uint8Array(NONCE_BYTES)),
    states: [...states],
  };
  rememberShownCode(user.id, albumId, code.nonce, code.createdAt);
  return code;
}

/** Whole days since a code was made (0 for a code made today or in the future). */
export function codeAgeDays(createdAt: number, now = nowSeconds()): number {
  return Math.max(0, Math.floor((now - createdAt) / 86_400));
}

const swapSticker = (sticker: Sticker): SwapSticker => ({
  stickerId: sticker.id,
  number: sticker.number,
  name: sticker.name,
});

type Side = {
  userId: number;
  albumId: number;
  stickers: readonly Sticker[];
  marks: readonly Mark[];
};

/**
 * The swap done, on my side: my album changes at once through the outbox, every sticker with the swap's
 * time (so a tap made before it cannot undo it, a later one can), and the swap is kept to record on the
 * server. Nothing happens twice: a swap already kept on this device changes nothing.
 */
async function applySwap(
  side: Side,
  swap: { key: string; otherNickname: string; role: InPersonSwap['role']; at: number },
  gives: readonly number[],
  receives: readonly number[],
): Promise<InPersonSwap> {
  const kept = findInPersonSwap(side.userId, swap.key);
  if (kept) return kept;
  const taps = [
    ...gives.map((position) => ({ position, mark: afterGiving(side.marks[position] as Mark) })),
    ...receives.map((position) => ({ position, mark: afterReceiving(side.marks[position] as Mark) })),
  ].map(({ position, mark }) => ({
    userId: side.userId,
    albumId: side.albumId,
    stickerId: (side.stickers[position] as Sticker).id,
    status: mark.status,
    ...(mark.status === 'double' ? { spares: mark.spares } : {}),
    tappedAt: swap.at * 1000,
  }));
  const record: InPersonSwap = {
    ...swap,
    userId: side.userId,
    albumId: side.albumId,
    gives: gives.map((position) => swapSticker(side.stickers[position] as Sticker)),
    receives: receives.map((position) => swapSticker(side.stickers[position] as Sticker)),
    sync: { state: 'waiting' },
  };
  await keepInPersonSwap(record);
  await queueTaps(taps);
  return record;
}

/**
 * 'Scambio fatto' on the side that read the other's album code: the confirmation code for the other
 * phone, and my side of the swap applied.
 */
export async function pickSwap(
  side: Side & { nickname: string; print: number },
  scanned: AlbumCode,
  gives: readonly number[],
  receives: readonly number[],
): Promise<{ confirmation: ConfirmationCode; swap: InPersonSwap }> {
  const pickerNonce = crypto.getRandomValues(new Uint8Array(NONCE_BYTES));
  const confirmation: ConfirmationCode = {
    kind: 'confirmation',
    albumId: side.albumId,
    fingerprint: side.print,
    nickname: side.nickname,
    pickerNonce,
    scannedNonce: scanned.nonce,
    at: nowSeconds(),
    gives: [...gives],
    receives: [...receives],
  };
  const key = await inPersonSwapKey(pickerNonce, scanned.nonce);
  const swap = await applySwap(
    side,
    { key, otherNickname: scanned.nickname, role: 'picker', at: confirmation.at },
    gives,
    receives,
  );
  return { confirmation, swap };
}

/** The swap's key on the side that confirms, to tell a confirmation already taken. */
export function confirmationKey(code: ConfirmationCode): Promise<string> {
  return inPersonSwapKey(code.pickerNonce, code.scannedNonce);
}

/** 'Conferma' on the side whose album code was read: the picker's gives are mine to receive. */
export async function confirmSwap(side: Side, code: ConfirmationCode): Promise<InPersonSwap> {
  return applySwap(
    side,
    { key: await confirmationKey(code), otherNickname: code.nickname, role: 'shower', at: code.at },
    code.receives,
    code.gives,
  );
}
