import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { type QrMatrix, QUIET_ZONE } from '../../src/client/shared/qr/qr-matrix.ts';

/** 8-bit grey pixels, one byte each, row after row: 0 black, 255 white. */
export type GreyImage = { width: number; height: number; grey: Uint8Array };

/**
 * A QR code drawn as a camera would ideally see it: `modulePx` pixels a module, its quiet zone, centred on a
 * white picture of `width` × `height` (by default just the code and its quiet zone).
 */
export function qrImage(
  { size, dark }: QrMatrix,
  modulePx: number,
  frame: { width: number; height: number } = {
    width: (size + 2 * QUIET_ZONE) * modulePx,
    height: (size + 2 * QUIET_ZONE) * modulePx,
  },
): GreyImage {
  const side = (size + 2 * QUIET_ZONE) * modulePx;
  if (side > frame.width || side > frame.height)
    throw new Error(
      `a ${size}-module code at ${modulePx} px a module does not fit ${frame.width}×${frame.height}`,
    );
  const grey = new Uint8Array(frame.width * frame.height).fill(255);
  const left = Math.floor((frame.width - side) / 2) + QUIET_ZONE * modulePx;
  const top = Math.floor((frame.height - side) / 2) + QUIET_ZONE * modulePx;
  dark.forEach((row, y) => {
    row.forEach((isDark, x) => {
      if (!isDark) return;
      for (let dy = 0; dy < modulePx; dy += 1) {
        const start = (top + y * modulePx + dy) * frame.width + left + x * modulePx;
        grey.fill(0, start, start + modulePx);
      }
    });
  });
  return { width: frame.width, height: frame.height, grey };
}

/** The picture as the RGBA pixels a canvas gives (ImageData's shape), what the decoder reads. */
export function rgbaOf({ width, height, grey }: GreyImage): ImageData {
  const data = new Uint8ClampedArray(width * height * 4);
  grey.forEach((value, i) => {
    data.fill(value, i * 4, i * 4 + 3);
    data[i * 4 + 3] = 255;
  });
  return { width, height, data, colorSpace: 'srgb' } as ImageData;
}

let prepared: Promise<unknown> | undefined;

/**
 * The texts of the QR codes in a picture, read by the decoder the app falls back on (zxing-cpp's reader in
 * WebAssembly, the build barcode-detector runs) with the options its BarcodeDetector passes.
 */
export async function readQrTexts(image: ImageData): Promise<string[]> {
  prepared ??= (() => {
    const wasm = fs.readFileSync(fileURLToPath(import.meta.resolve('zxing-wasm/reader/zxing_reader.wasm')));
    const wasmBinary = wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer;
    return prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true });
  })();
  await prepared;
  const results = await readBarcodes(image, { formats: ['QRCode'], textMode: 'Plain' });
  return results.map((result) => result.text);
}
