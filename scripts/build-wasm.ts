/**
 * `npm run build:wasm`: src/server/matches/bit-scan.wasm from its text, bit-scan.wat, with wabt's
 * wat2wasm (the WebAssembly Binary Toolkit, compiled to JavaScript). Run it after changing the .wat and
 * commit both: the server loads the .wasm as it is, and bit-scan.test.ts fails when they differ.
 */
import fs from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { assembleBitScan, BIT_SCAN_WASM } from '../src/server/matches/bit-scan-source.ts';

const bytes = await assembleBitScan();
await fs.writeFile(BIT_SCAN_WASM, bytes);
console.log(`${fileURLToPath(BIT_SCAN_WASM)}: ${bytes.length} bytes`);
