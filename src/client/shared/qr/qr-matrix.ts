import { encode } from 'uqr';

/** Light modules around the code that the QR standard asks for, so a camera finds its edges. */
export const QUIET_ZONE = 4;

export type QrMatrix = {
  /** 1–40: a version-v code has 4v + 17 modules a side. */
  version: number;
  /** Modules a side, without the quiet zone. */
  size: number;
  /** `dark[y][x]`. */
  dark: boolean[][];
};

/**
 * The QR code of a text, made on the device. Error correction M: up to 15% of the code may be lost (a
 * glare, a crease, a finger) and it still reads; the smallest version that holds the text at M.
 */
export function qrMatrix(text: string): QrMatrix {
  const { version, size, data } = encode(text, { ecc: 'M', border: 0 });
  return { version, size, dark: data };
}
