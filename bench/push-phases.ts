/**
 * The phases of `npm run bench:push`, each timed from the app's side (a proposal's 201, a queue insert's
 * commit) to the push service's (the decrypted message, bench/push-receiver.ts):
 * - latency: proposals one after the other at a modest rate;
 * - proposalBurst: proposals as fast as a few clients can send them;
 * - pushJobs / alertJobs: `push_send` or `alert` jobs added in one statement, then drained.
 */
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { percentiles } from './national-album.ts';
import type { Arrival } from './push-receiver.ts';
import { type BenchPair, inFlight } from './push-seed.ts';

export type Proposal = { pair: BenchPair; slot: number };
type Answer = { status: number; tag: string; sentAt: number; answeredAt: number; devices: number };

/** What a phase needs: the server, its album, and the push service's arrivals. */
export type PhaseContext = {
  url: string;
  albumId: number;
  /** Arrivals from now on; only those `belongs` says are this phase's are listed and counted. */
  collect: (belongs: (arrival: Arrival) => boolean) => Arrivals;
  waitMs: number;
};

export type Arrivals = { list: () => Arrival[]; until: (count: number, timeoutMs: number) => Promise<void> };

const round = (value: number, digits = 0) => Number(value.toFixed(digits));
const perSecond = (count: number, ms: number) => round((1000 * count) / Math.max(1, ms), 1);

/** The pair's proposer gives its spare `1 + slot` for the recipient's `11 + slot`: a new proposal per slot. */
async function propose(context: PhaseContext, { pair, slot }: Proposal): Promise<Answer> {
  const sentAt = Date.now();
  const response = await fetch(`${context.url}/api/swaps`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: pair.from.cookie },
    body: JSON.stringify({
      toUserId: pair.to.id,
      albumId: context.albumId,
      give: [String(1 + slot)],
      receive: [String(11 + slot)],
    }),
  });
  const answeredAt = Date.now();
  const body = (await response.json()) as { id?: number; message?: string };
  if (response.status !== 201) console.error(`proposal refused: ${response.status} ${body.message}`);
  return { status: response.status, tag: `swap-${body.id}`, sentAt, answeredAt, devices: pair.devices };
}

/** The arrivals of these proposals' pushes (by the tag, `swap-<id>`, known once each is answered). */
const ofAnswers = (answers: Answer[]) => {
  const tags = new Set<string>();
  let seen = 0;
  return (arrival: Arrival) => {
    for (; seen < answers.length; seen += 1) tags.add((answers[seen] as Answer).tag);
    return tags.has(arrival.tag);
  };
};

/** A push per device of each proposal's recipient. */
const expectedPushes = (answers: Answer[]) =>
  answers.reduce((sum, answer) => sum + (answer.status === 201 ? answer.devices : 0), 0);

/** Each push's time from its proposal's 201, and the proposals' own figures. */
function proposalFigures(answers: Answer[], arrivals: Arrival[]) {
  const accepted = answers.filter((answer) => answer.status === 201);
  const answeredAt = new Map(accepted.map((answer) => [answer.tag, answer.answeredAt]));
  const latencies = arrivals.flatMap((arrival) => {
    const at = answeredAt.get(arrival.tag);
    return at === undefined ? [] : [arrival.at - at];
  });
  return {
    proposals: accepted.length,
    refused: answers.length - accepted.length,
    proposalRequestMs: percentiles(answers.map((answer) => answer.answeredAt - answer.sentAt)),
    pushes: latencies.length,
    pushesMissing: expectedPushes(answers) - latencies.length,
    commitToPushMs: percentiles(latencies),
  };
}

/** Proposals one at a time, `rate` a second (each sent when due, or when the one before is answered). */
export async function latencyPhase(context: PhaseContext, proposals: Proposal[], rate: number) {
  const answers: Answer[] = [];
  const arrivals = context.collect(ofAnswers(answers));
  const started = performance.now();
  for (const [i, proposal] of proposals.entries()) {
    const wait = started + (i * 1000) / rate - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    answers.push(await propose(context, proposal));
  }
  await arrivals.until(expectedPushes(answers), context.waitMs);
  return { ratePerSecond: rate, ...proposalFigures(answers, arrivals.list()) };
}

/** The arrivals' pace: overall from `from`, and between the 10th and the 90th percentile of arrivals. */
function deliveryFigures(arrivals: Arrival[], from: number) {
  const times = arrivals.map((arrival) => arrival.at).sort((a, b) => a - b);
  const last = times.at(-1) ?? from;
  const tenth = times[Math.floor(times.length * 0.1)] ?? from;
  const ninetieth = times[Math.floor(times.length * 0.9)] ?? last;
  return {
    firstPushAfterMs: (times[0] ?? from) - from,
    allPushesAfterMs: last - from,
    pushesPerSecond: perSecond(times.length, last - from),
    steadyPushesPerSecond: perSecond(Math.floor(times.length * 0.8), ninetieth - tenth),
  };
}

/** Proposals from `inFlightCount` clients at once, as fast as they are answered. */
export async function burstPhase(context: PhaseContext, proposals: Proposal[], inFlightCount: number) {
  const answers: Answer[] = [];
  const arrivals = context.collect(ofAnswers(answers));
  const started = Date.now();
  await inFlight(proposals, inFlightCount, async (proposal) =>
    answers.push(await propose(context, proposal)),
  );
  const lastAnswer = Math.max(...answers.map((answer) => answer.answeredAt));
  await arrivals.until(expectedPushes(answers), context.waitMs);
  const figures = proposalFigures(answers, arrivals.list());
  const delivery = deliveryFigures(arrivals.list(), started);
  return {
    clientsInFlight: inFlightCount,
    proposalsPerSecond: perSecond(figures.proposals, lastAnswer - started),
    ...figures,
    ...delivery,
    drainAfterLastAnswerMs: started + delivery.allPushesAfterMs - lastAnswer,
  };
}

/**
 * Jobs added by one statement (`select graphile_worker.add_job(…) from …`, one transaction), then drained
 * by the server's worker: how fast they are queued, and how fast their pushes arrive.
 */
export async function queuedPhase(context: PhaseContext, jobs: QueuedJobs) {
  const arrivals = context.collect((arrival) => jobs.tags.has(arrival.tag));
  const started = Date.now();
  const queued = await jobs.insert();
  const committed = Date.now();
  await arrivals.until(jobs.pushes, context.waitMs);
  const received = arrivals.list();
  return {
    jobs: queued,
    queueMs: committed - started,
    jobsQueuedPerSecond: perSecond(queued, committed - started),
    pushes: received.length,
    pushesMissing: jobs.pushes - received.length,
    ...deliveryFigures(received, committed),
  };
}

/** Jobs for queuedPhase: what adds them, and the pushes (and their tags) they make. */
type QueuedJobs = { insert: () => Promise<number>; pushes: number; tags: Set<string> };

/** A `push_send` job for each device of `owners`, as deliverAlert queues them (tagged `bench-<device>`). */
export async function pushJobs(db: pg.Client, owners: number[]): Promise<QueuedJobs> {
  const { rows } = await db.query<{ id: string }>(
    'select id from push_subscription where user_id = any($1)',
    [owners],
  );
  const ids = rows.map((row) => Number(row.id));
  const insert = async () => {
    const { rows: added } = await db.query<{ jobs: number }>(
      `select count(graphile_worker.add_job('push_send', json_build_object(
         'subscriptionId', s,
         'notification', json_build_object('title', 'Nuova proposta di scambio',
           'body', 'PA1 ti propone 1 figurina per 1 figurina (Bench avvisi)',
           'url', '/scambi', 'tag', 'bench-' || s, 'badge', 1),
         'ttl', 259200, 'urgency', 'normal'), max_attempts => 10))::int as jobs
         from unnest($1::int[]) as s`,
      [ids],
    );
    return added[0]?.jobs ?? 0;
  };
  return { insert, pushes: ids.length, tags: new Set(ids.map((id) => `bench-${id}`)) };
}

type OpenProposal = { id: number; to_user_id: number };

/**
 * `count` proposal alerts, as queueAlert adds them in a proposal's transaction, for the open proposals in
 * turn: a push for each device of their recipients.
 */
export async function alertJobs(db: pg.Client, count: number, pairs: BenchPair[]): Promise<QueuedJobs> {
  const { rows: open } = await db.query<OpenProposal>(
    "select id, to_user_id from swap where status = 'proposto' order by id",
  );
  const swaps = Array.from({ length: count }, (_, i) => open[i % open.length] as OpenProposal);
  const devicesOf = new Map(pairs.map((pair) => [pair.to.id, pair.devices]));
  const insert = async () => {
    const { rows } = await db.query<{ jobs: number }>(
      `select count(graphile_worker.add_job('alert',
         json_build_object('kind', 'proposal', 'swapId', s, 'recipientId', r), max_attempts => 10))::int as jobs
         from unnest($1::int[], $2::int[]) as t(s, r)`,
      [swaps.map((swap) => swap.id), swaps.map((swap) => swap.to_user_id)],
    );
    return rows[0]?.jobs ?? 0;
  };
  return {
    insert,
    pushes: swaps.reduce((sum, swap) => sum + (devicesOf.get(swap.to_user_id) ?? 0), 0),
    tags: new Set(swaps.map((swap) => `swap-${swap.id}`)),
  };
}

/** Waits (at most `timeoutMs`) until no alert or push job is due: a phase's leftovers never run in the next. */
export async function queueSettled(db: pg.Client, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const { rows } = await db.query<{ due: number }>(
      `select count(*)::int as due from graphile_worker.jobs
        where task_identifier in ('alert', 'push_send') and run_at <= now()`,
    );
    if (rows[0]?.due === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
