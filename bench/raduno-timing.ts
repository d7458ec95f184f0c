/**
 * The server's half of `npm run bench:raduno` (bench/raduno.ts): a pool downloaded over HTTP as a phone does
 * (sizes, times), buildPool on its own, 'Le più cercate qui' counted and then kept; and the statistics.
 */
import http from 'node:http';
import zlib from 'node:zlib';
import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from '../src/server/db/entities/user.ts';
import { mostWanted } from '../src/server/raduni/most-wanted.ts';
import { buildPool } from '../src/server/raduni/pool.ts';
import type { RunningServer } from '../src/server/server.ts';
import type { Attendee } from './raduno-seed.ts';

export const CALLS = Number(process.env.BENCH_CALLS ?? 30);
export const WARM_UP = 5;
/** What Chromium asks for; the server answers with brotli. */
const PHONE_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
export const SESSION_SECRET = 'bench-session-secret-that-is-long-enough-0123456789';

const round = (value: number) => Math.round(value * 100) / 100;
const sorted = (samples: number[]) => [...samples].sort((a, b) => a - b);
export const at = (samples: number[], share: number) => {
  const ordered = sorted(samples);
  return round(ordered[Math.min(ordered.length - 1, Math.floor(share * ordered.length))] ?? Number.NaN);
};
export const medianP95 = (samples: number[]) => ({
  n: samples.length,
  median: at(samples, 0.5),
  p95: at(samples, 0.95),
});
export const medianMax = (samples: number[]) => ({
  n: samples.length,
  median: at(samples, 0.5),
  max: at(samples, 1),
});
export const mean = (samples: number[]) => round(samples.reduce((sum, x) => sum + x, 0) / samples.length);

type Download = { status: number; ms: number; wireBytes: number; encoding: string; json: string };

/** GET `url` with a cookie, as a client accepting `acceptEncoding` does: the body's bytes as sent, and its JSON. */
function download(agent: http.Agent, url: string, cookie: string, acceptEncoding: string) {
  return new Promise<Download>((resolve, reject) => {
    const started = performance.now();
    const request = http.get(
      url,
      { agent, headers: { cookie, 'accept-encoding': acceptEncoding } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const ms = performance.now() - started;
          const body = Buffer.concat(chunks);
          const encoding = String(response.headers['content-encoding'] ?? 'identity');
          const decoded =
            encoding === 'br'
              ? zlib.brotliDecompressSync(body)
              : encoding === 'gzip'
                ? zlib.gunzipSync(body)
                : encoding === 'identity'
                  ? body
                  : undefined;
          if (!decoded) return reject(new Error(`unexpected content-encoding ${encoding}`));
          resolve({
            status: response.statusCode ?? 0,
            ms,
            wireBytes: body.length,
            encoding,
            json: decoded.toString(),
          });
        });
      },
    );
    request.on('error', reject);
  });
}

/** The pool of each viewer over HTTP: sizes and times. */
export async function measureHttp(server: RunningServer, radunoId: number, viewers: { cookie: string }[]) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const url = `${server.url}/api/raduni/${radunoId}/pool`;
    const get = async (cookie: string, acceptEncoding: string) => {
      const answer = await download(agent, url, cookie, acceptEncoding);
      if (answer.status !== 200) throw new Error(`pool: ${answer.status} ${answer.json.slice(0, 300)}`);
      return answer;
    };
    for (const viewer of viewers.slice(CALLS)) await get(viewer.cookie, PHONE_ACCEPT_ENCODING);
    const timed = viewers.slice(0, CALLS);
    const phone: Download[] = [];
    for (const viewer of timed) phone.push(await get(viewer.cookie, PHONE_ACCEPT_ENCODING));
    const gzip: Download[] = [];
    for (const viewer of timed) gzip.push(await get(viewer.cookie, 'gzip'));
    const identity: Download[] = [];
    for (const viewer of timed) identity.push(await get(viewer.cookie, 'identity'));
    return { phone, gzip, identity };
  } finally {
    agent.destroy();
  }
}

/**
 * buildPool itself, for the same viewers, each on a fresh fork whose `execute` is timed: the statements'
 * part of it (`sql`), and the longest statement's (`pairs`, the one ranking the attendees).
 */
export async function measureBuildPool(em: EntityManager, radunoId: number, viewers: Attendee[]) {
  const times = { total: [] as number[], sql: [] as number[], pairs: [] as number[] };
  for (const [i, viewer] of [...viewers.slice(CALLS), ...viewers.slice(0, CALLS)].entries()) {
    const fork = em.fork();
    const me = await fork.findOneOrFail(User, viewer.id);
    const statements: number[] = [];
    const execute = fork.execute.bind(fork);
    fork.execute = (async (...args: Parameters<typeof execute>) => {
      const started = performance.now();
      try {
        return await execute(...args);
      } finally {
        statements.push(performance.now() - started);
      }
    }) as typeof fork.execute;
    const started = performance.now();
    await buildPool(fork, SESSION_SECRET, me, { id: radunoId }, false);
    if (i < viewers.length - CALLS) continue;
    times.total.push(performance.now() - started);
    times.sql.push(statements.reduce((sum, ms) => sum + ms, 0));
    times.pairs.push(Math.max(...statements));
  }
  return times;
}

/**
 * 'Le più cercate qui' for one attendee: the first call counts every sharer's bitmaps (`coldMs`), the next
 * ones, within 5 minutes, take the meet's tally from memory and only subtract the caller's family (`warmMs`).
 */
export async function measureMostWanted(em: EntityManager, radunoId: number, viewers: Attendee[]) {
  const callOnce = async (viewer: Attendee) => {
    const fork = em.fork();
    const me = await fork.findOneOrFail(User, viewer.id);
    const started = performance.now();
    await mostWanted(fork, me, { id: radunoId });
    return performance.now() - started;
  };
  const coldMs = await callOnce(viewers[0] as Attendee);
  const warm: number[] = [];
  for (const viewer of viewers.slice(1, 1 + CALLS)) warm.push(await callOnce(viewer));
  return { coldMs: Math.round(coldMs * 100) / 100, warmMs: medianP95(warm) };
}
