import crypto from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ZXING_WASM_SHA256 } from 'barcode-detector/ponyfill';
import { expect, test } from 'vitest';

test('the .wasm the app serves is the one barcode-detector was built with', () => {
  // zxing-wasm is a direct dependency only for this file; a barcode-detector pinning another version
  // would get its own copy, and the app would serve the wrong one.
  const wasm = fs.readFileSync(fileURLToPath(import.meta.resolve('zxing-wasm/reader/zxing_reader.wasm')));
  expect(crypto.createHash('sha256').update(wasm).digest('hex')).toBe(ZXING_WASM_SHA256);
});
