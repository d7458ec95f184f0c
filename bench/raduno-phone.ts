/**
 * The phone's half of `npm run bench:raduno` (bench/raduno.ts): rankPool bundled as the client's build
 * makes it, and timed in headless Chromium on a 390×844 phone with the CPU slowed CPU_THROTTLING times.
 */
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { newPage, PHONE } from '../e2e/support/browser.ts';
import type { rankPool } from '../src/client/features/raduni/rank-pool.ts';
import { type BenchAlbum, type States, stateEntries } from './raduno-seed.ts';

export const CPU_THROTTLING = 4;
/** The share of an album marked again at the tables before the phone ranks the pool again. */
const MARKED_AT_TABLES = 0.05;

export type PoolJson = { entries: Parameters<typeof rankPool>[0] };

/** rankPool bundled as the client's build would: minified, for the page as `RaduniBench.rankPool`. */
export async function rankPoolBundle() {
  const { build } = await import('vite');
  const output = await build({
    configFile: false,
    logLevel: 'silent',
    root: fileURLToPath(new URL('..', import.meta.url)),
    publicDir: false,
    build: {
      write: false,
      minify: true,
      lib: {
        entry: fileURLToPath(new URL('../src/client/features/raduni/rank-pool.ts', import.meta.url)),
        formats: ['iife'],
        name: 'RaduniBench',
        fileName: 'rank-pool',
      },
    },
  });
  const chunk = [output]
    .flat()
    .flatMap((one) => ('output' in one ? one.output : []))
    .find((one) => one.type === 'chunk');
  if (chunk?.type !== 'chunk') throw new Error('no bundle of rank-pool.ts');
  return chunk.code;
}

type PhoneRun = { json: string; state: (readonly [string, 0 | 1 | 2])[]; expected: number };

/** On a fresh phone page, throttled: each run parses a pool and ranks it against a state. */
export async function measurePhone(browser: Browser, baseUrl: string, bundle: string, runs: PhoneRun[]) {
  const { context, page } = await newPage(browser, baseUrl, PHONE);
  try {
    await page.setContent('<!doctype html><html lang="it"><title>Raduno</title></html>');
    await page.addScriptTag({ content: bundle });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLING });
    const parse: number[] = [];
    const rank: number[] = [];
    for (const run of runs) {
      const times = await page.evaluate(({ json, state }) => {
        const bench = (globalThis as unknown as { RaduniBench: { rankPool: typeof rankPool } }).RaduniBench;
        const parsing = performance.now();
        const pool = JSON.parse(json) as PoolJson;
        const parseMs = performance.now() - parsing;
        const myState = new Map(state);
        const ranking = performance.now();
        const ranked = bench.rankPool(pool.entries, myState);
        return { parseMs, rankMs: performance.now() - ranking, entries: ranked.length };
      }, run);
      if (times.entries !== run.expected) {
        throw new Error(`the page ranked ${times.entries} entries, Node ${run.expected}`);
      }
      parse.push(times.parseMs);
      rank.push(times.rankMs);
    }
    return { parse, rank, chromium: browser.version() };
  } finally {
    await context.close();
  }
}

/** A viewer's album after a morning at the tables: MARKED_AT_TABLES of its stickers marked anew at random. */
export function markedAtTables(album: BenchAlbum, states: States, random: () => number) {
  const now = Uint8Array.from(states);
  for (let i = 0; i < now.length; i += 1) {
    if (random() < MARKED_AT_TABLES) now[i] = Math.floor(random() * 3);
  }
  return stateEntries(album, now);
}
