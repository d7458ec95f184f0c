import { toBase64url } from './album-code.ts';

/** The album codes this device showed lately, per collector: a confirmation must name one of them. */
type ShownCode = { nonce: string; albumId: number; createdAt: number };

const KEPT = 30;
const storageKey = (userId: number) => `scambio-figurine-in-person-codes:${userId}`;

function read(userId: number): ShownCode[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(storageKey(userId)) ?? '[]');
    return Array.isArray(parsed) ? (parsed as ShownCode[]) : [];
  } catch {
    return [];
  }
}

/** Remembers an album code shown (the newest KEPT). */
export function rememberShownCode(userId: number, albumId: number, nonce: Uint8Array, createdAt: number) {
  const code = { nonce: toBase64url(nonce), albumId, createdAt };
  const kept = [code, ...read(userId).filter((shown) => shown.nonce !== code.nonce)].slice(0, KEPT);
  try {
    localStorage.setItem(storageKey(userId), JSON.stringify(kept));
  } catch {
    // A full storage: the confirmation will say it is not for this phone, and the code can be shown again.
  }
}

/** Whether this device showed that album code of this album. */
export function wasShown(userId: number, albumId: number, nonce: Uint8Array): boolean {
  const wanted = toBase64url(nonce);
  return read(userId).some((shown) => shown.nonce === wanted && shown.albumId === albumId);
}
