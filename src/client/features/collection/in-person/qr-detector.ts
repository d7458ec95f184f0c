/** What the scanner needs of a decoder: the text of the QR code in a video frame, if one is readable there. */
export type QrDetector = { detect: (frame: HTMLVideoElement) => Promise<string | undefined> };

/** The Shape Detection API's BarcodeDetector, in the browsers that have one (not in TypeScript's DOM types). */
type NativeBarcodeDetector = {
  new (options: {
    formats: string[];
  }): { detect: (source: HTMLVideoElement) => Promise<{ rawValue: string }[]> };
  getSupportedFormats: () => Promise<string[]>;
};

/**
 * The browser's own BarcodeDetector when it reads QR codes (Chrome on Android, for one); elsewhere zxing-cpp
 * in WebAssembly, a separate chunk fetched only now (precached by the service worker, so offline too).
 * Rejects when the fallback cannot be loaded.
 */
export async function loadQrDetector(): Promise<QrDetector> {
  const Native = (globalThis as { BarcodeDetector?: NativeBarcodeDetector }).BarcodeDetector;
  const formats = Native ? await Native.getSupportedFormats().catch(() => []) : [];
  if (Native && formats.includes('qr_code')) {
    const detector = new Native({ formats: ['qr_code'] });
    return { detect: async (frame) => (await detector.detect(frame))[0]?.rawValue };
  }
  const { fallbackQrDetector } = await import('./qr-fallback-detector.ts');
  return fallbackQrDetector();
}
