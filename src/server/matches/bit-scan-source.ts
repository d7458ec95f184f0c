/**
 * Where bit-scan.wasm comes from: bit-scan.wat assembled by wabt (a dev dependency: only
 * `npm run build:wasm` and the test that the committed binary is up to date load this file).
 */
import fs from 'node:fs/promises';
import initWabt from 'wabt';

export const BIT_SCAN_WAT = new URL('./bit-scan.wat', import.meta.url);
export const BIT_SCAN_WASM = new URL('./bit-scan.wasm', import.meta.url);

export async function assembleBitScan(): Promise<Uint8Array> {
  const wabt = await initWabt();
  const module = wabt.parseWat('bit-scan.wat', await fs.readFile(BIT_SCAN_WAT, 'utf8'));
  try {
    module.validate();
    return module.toBinary({}).buffer;
  } finally {
    module.destroy();
  }
}
