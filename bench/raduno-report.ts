import type { measurePhone, PoolJson } from './raduno-phone.ts';
import {
  at,
  mean,
  type measureBuildPool,
  type measureHttp,
  type measureMostWanted,
  medianMax,
  medianP95,
} from './raduno-timing.ts';

/** What the issue asks of a meet's pool (decision 049). */
export const TARGETS = { poolBytes: 40 * 1024, serverMs: 50, phoneRankMs: 200 };

type Measured = {
  attendees: number;
  phone: Awaited<ReturnType<typeof measureHttp>>['phone'];
  gzip: Awaited<ReturnType<typeof measureHttp>>['gzip'];
  identity: Awaited<ReturnType<typeof measureHttp>>['identity'];
  buildPoolMs: Awaited<ReturnType<typeof measureBuildPool>>;
  mostWantedMs: Awaited<ReturnType<typeof measureMostWanted>>;
  onPhone: Awaited<ReturnType<typeof measurePhone>>;
};

/** One meet's figures, as the report prints them, from what was measured there. */
export function meetFigures({
  attendees,
  phone,
  gzip,
  identity,
  buildPoolMs,
  mostWantedMs,
  onPhone,
}: Measured) {
  const pools = phone.map((answer) => (JSON.parse(answer.json) as PoolJson).entries);
  const rawBytes = phone.map((answer) => Buffer.byteLength(answer.json));
  return {
    attendees,
    poolJsonBytes: at(rawBytes, 0.5),
    poolJsonBytesMax: at(rawBytes, 1),
    poolGzipBytes: at(
      gzip.map((answer) => answer.wireBytes),
      0.5,
    ),
    poolGzipBytesMax: at(
      gzip.map((answer) => answer.wireBytes),
      1,
    ),
    poolBytes: at(
      phone.map((answer) => answer.wireBytes),
      0.5,
    ),
    poolBytesMax: at(
      phone.map((answer) => answer.wireBytes),
      1,
    ),
    wireEncoding: [...new Set(phone.map((answer) => answer.encoding))].join(','),
    entries: at(
      pools.map((entries) => entries.length),
      0.5,
    ),
    numbersPerEntry: {
      tiDa: mean(pools.flatMap((entries) => entries.map((entry) => entry.tiDa.length))),
      gliDai: mean(pools.flatMap((entries) => entries.map((entry) => entry.gliDai.length))),
      tiDaCount: mean(pools.flatMap((entries) => entries.map((entry) => entry.tiDaCount))),
      gliDaiCount: mean(pools.flatMap((entries) => entries.map((entry) => entry.gliDaiCount))),
    },
    serverMs: medianP95(phone.map((answer) => answer.ms)),
    serverUncompressedMs: medianP95(identity.map((answer) => answer.ms)),
    buildPoolMs: {
      ...medianP95(buildPoolMs.total),
      statementsMedian: at(buildPoolMs.sql, 0.5),
      rankingStatementMedian: at(buildPoolMs.pairs, 0.5),
    },
    mostWantedMs,
    phoneRankMs: medianMax(onPhone.rank),
    phoneParseMs: medianMax(onPhone.parse),
    chromium: onPhone.chromium,
  };
}

export type MeetFigures = ReturnType<typeof meetFigures>;

/** Whether a meet's figures meet TARGETS: the largest pool, the p95 of the call, the slowest ranking. */
export const targetsMet = (run: MeetFigures) => ({
  attendees: run.attendees,
  poolBytes: run.poolBytesMax <= TARGETS.poolBytes,
  serverMs: run.serverMs.p95 <= TARGETS.serverMs,
  phoneRankMs: run.phoneRankMs.max <= TARGETS.phoneRankMs,
});
