import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import type { QrDetector } from './qr-detector.ts';

/**
 * barcode-detector's BarcodeDetector on zxing-cpp's reader, with its .wasm from our own origin: the package
 * would fetch it from jsDelivr, which the CSP refuses and an offline phone cannot reach. Resolves once the
 * WebAssembly is compiled, rejects if it cannot be fetched or compiled. Lazy-loaded by qr-detector.ts.
 */
export async function fallbackQrDetector(): Promise<QrDetector> {
  await prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
    },
    fireImmediately: true,
  });
  const detector = new BarcodeDetector({ formats: ['qr_code'] });
  return { detect: async (frame) => (await detector.detect(frame))[0]?.rawValue };
}
