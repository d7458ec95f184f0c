/**
 * The load of `npm run bench:taps`, run in a worker thread so that making requests never delays the
 * server's own event loop (the server runs in the main thread). One worker serves every phase, so its
 * code is as warm in the last as in the first. Sends sticker taps the way the web client does (tRPC
 * `collection.setStatus` through the batch link: `POST /trpc/collection.setStatus?batch=1`, with
 * Chromium's Accept-Encoding) over keep-alive connections, and posts back what it measured. undici's
 * pool, not node:http: on the 2-core machine the load shares the CPU with the server, and undici spends
 * a third of node:http's CPU on a request (about 60 against 170 µs).
 */
import { parentPort, workerData } from 'node:worker_threads';
import zlib from 'node:zlib';
import { Pool } from 'undici';

export type LoadTarget = { url: string; cookies: string[]; stickerIds: number[] };

export type LoadPhase = {
  seconds: number;
  /** Closed loop: every collector taps again as soon as its answer arrives. */
  concurrency?: number;
  /** Open loop: this many taps a second whatever the answers, spread over 50 collectors in turn. */
  rate?: number;
};

export type LoadResult = {
  ok: number;
  errors: Record<string, number>;
  /** Milliseconds, from the time each tap was due (open loop) or sent (closed loop) to its answer. */
  latencies: number[];
  elapsedMs: number;
  clientCpuMs: number;
  /** Closed loop only: each collector's last answer per sticker, `status` or `double:spares`. */
  answers: Record<string, string>[] | undefined;
};

const STATUSES = ['no', 'yes', 'double'] as const;
const TAP_PATH = '/trpc/collection.setStatus?batch=1';
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
type Answer = { status: string; spares?: number };

const target = workerData as LoadTarget;
const pool = new Pool(new URL(target.url).origin, { connections: 256 });

function randomTap() {
  const stickerId = target.stickerIds[Math.floor(Math.random() * target.stickerIds.length)] as number;
  const status = STATUSES[Math.floor(Math.random() * STATUSES.length)] as string;
  // A quarter of the doubles come with their count of spares, as the album's spares control sends them.
  const spares = status === 'double' && Math.random() < 0.25 ? 2 + Math.floor(Math.random() * 4) : undefined;
  return { stickerId, status, tappedAt: Date.now(), ...(spares ? { spares } : {}) };
}

function decoded(encoding: string | string[] | undefined, body: Buffer): string {
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString();
  return body.toString();
}

/** One phase: its taps, their latencies and failures. */
async function run(phase: LoadPhase): Promise<LoadResult> {
  const errors: Record<string, number> = {};
  const latencies: number[] = [];
  let ok = 0;
  const failed = (kind: string) => {
    errors[kind] = (errors[kind] ?? 0) + 1;
  };

  /** One tap; resolves with the server's answer (the sticker's status now), or undefined on a failure. */
  async function tap(cookie: string, input: ReturnType<typeof randomTap>): Promise<Answer | undefined> {
    try {
      const response = await pool.request({
        path: TAP_PATH,
        method: 'POST',
        // As Chromium sends it: the server may compress the answer, and the page pays for unpacking it.
        headers: { 'content-type': 'application/json', 'accept-encoding': ACCEPT_ENCODING, cookie },
        body: JSON.stringify({ 0: input }),
      });
      const body = Buffer.from(await response.body.arrayBuffer());
      if (response.statusCode !== 200) {
        failed(`http ${response.statusCode}`);
        return undefined;
      }
      const [answer] = JSON.parse(decoded(response.headers['content-encoding'], body)) as [
        { result?: { data?: Answer } },
      ];
      const data = answer?.result?.data;
      if (!data) failed('no result');
      return data;
    } catch (error) {
      failed((error as { code?: string }).code ?? 'network');
      return undefined;
    }
  }

  async function closedLoop(concurrency: number, until: number) {
    const answers = Array.from({ length: concurrency }, () => ({}) as Record<string, string>);
    await Promise.all(
      answers.map(async (mine, collector) => {
        const cookie = target.cookies[collector] as string;
        while (performance.now() < until) {
          const input = randomTap();
          const sent = performance.now();
          const answer = await tap(cookie, input);
          if (!answer) continue;
          ok++;
          latencies.push(performance.now() - sent);
          mine[input.stickerId] = answer.status === 'double' ? `double:${answer.spares}` : answer.status;
        }
      }),
    );
    return answers;
  }

  async function openLoop(rate: number, started: number, until: number) {
    const collectors = Math.min(50, target.cookies.length);
    const inFlight: Promise<void>[] = [];
    for (let sent = 0; ; sent++) {
      const due = started + (sent * 1000) / rate;
      if (due >= until) break;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
      const cookie = target.cookies[sent % collectors] as string;
      inFlight.push(
        tap(cookie, randomTap()).then((answer) => {
          if (!answer) return;
          ok++;
          latencies.push(performance.now() - due);
        }),
      );
    }
    await Promise.all(inFlight);
  }

  const cpuBefore = process.threadCpuUsage();
  const started = performance.now();
  const until = started + phase.seconds * 1000;
  const answers = phase.rate
    ? await openLoop(phase.rate, started, until)
    : await closedLoop(phase.concurrency ?? 1, until);
  const cpu = process.threadCpuUsage(cpuBefore);
  return {
    ok,
    errors,
    latencies,
    elapsedMs: performance.now() - started,
    clientCpuMs: (cpu.user + cpu.system) / 1000,
    answers: answers ?? undefined,
  };
}

parentPort?.on('message', async (phase: LoadPhase | 'close') => {
  if (phase === 'close') {
    await pool.close();
    parentPort?.close();
    return;
  }
  parentPort?.postMessage(await run(phase));
});
