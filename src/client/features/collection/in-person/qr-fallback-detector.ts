import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import type { QrDetector } from './qr-detector.ts';

/**
 * barcode-detector's BarcodeDetector on zxing-cpp's reader, with its .wasm from our own origin: the package
 * would fetch it from jsDelivr, which the CSP refuses and an offline phone cannot reach. Resolves once the
 * WebAssembly is compiled, rejects if it cannot be fetched or compiled. Lazy-loaded by qr-detector.ts.
 */
/**
 * One set of options for the page's life: barcode-detector reuses its compiled module only when they are
 * the same object, so options made anew at each scan instantiated the WebAssembly again every time.
 */
const ZXING_OPTIONS = {
  overrides: {
    locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
  },
  fireImmediately: true,
} as const;

let prepared: Promise<unknown> | undefined;

export async function fallbackQrDetector(): Promise<QrDetector> {
  prepared ??= prepareZXingModule(ZXING_OPTIONS).catch((error: unknown) => {
    // A failed fetch is tried again at the next scan.
    prepared = undefined;
    throw error;
  });
  await prepared;
  const detector = new BarcodeDetector({ formats: ['qr_code'] });
  return { detect: async (frame) => (await detector.detect(frame))[0]?.rawValue };
}
