/**
 * Where the CPU went during a stretch of a bench, read from /proc: the whole machine, this process's main
 * thread (the server, its job worker and the bench's own calls) and the embedded PostgreSQL cluster.
 * Percent of one core: the machine's whole is 100 × cores.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

/** Busy and total jiffies of the whole machine. */
async function machineJiffies() {
  const line = (await fs.readFile('/proc/stat', 'utf8')).split('\n')[0] ?? '';
  const fields = line.trim().split(/\s+/).slice(1).map(Number);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  const total = fields.reduce((sum, value) => sum + value, 0);
  return { busy: total - idle, total };
}

/** CPU ticks (100 a second) used so far by each process of the cluster in `dataDir`/postgres. */
async function postgresTicks(dataDir: string) {
  const pidFile = await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8');
  const postmaster = Number(pidFile.split('\n')[0]);
  const ticks = new Map<string, number>();
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await fs.readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // Fields after the command name: state ppid … utime (12th) stime (13th).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(entry) === postmaster || Number(fields[1]) === postmaster)
      ticks.set(entry, Number(fields[11]) + Number(fields[12]));
  }
  return ticks;
}

export type CpuUse = {
  machinePercent: number;
  serverThreadPercent: number;
  serverLoopBusyPercent: number;
  postgresPercent: number;
  /** The CPU time itself, less disturbed than the percentages by whatever else the machine runs. */
  serverThreadMs: number;
  postgresMs: number;
};

/** Starts counting; the returned function gives the use since then (a process that ended is not counted). */
export async function startCpuCount(dataDir: string): Promise<() => Promise<CpuUse>> {
  const started = performance.now();
  const machine = await machineJiffies();
  const postgres = await postgresTicks(dataDir);
  const thread = process.threadCpuUsage();
  const loop = performance.eventLoopUtilization();
  return async () => {
    const elapsedMs = performance.now() - started;
    const machineNow = await machineJiffies();
    const threadNow = process.threadCpuUsage(thread);
    const loopNow = performance.eventLoopUtilization(loop);
    let ticks = 0;
    for (const [pid, now] of await postgresTicks(dataDir)) ticks += now - (postgres.get(pid) ?? 0);
    const serverThreadMs = (threadNow.user + threadNow.system) / 1000;
    return {
      machinePercent: Math.round(
        (100 * os.availableParallelism() * (machineNow.busy - machine.busy)) /
          Math.max(1, machineNow.total - machine.total),
      ),
      serverThreadPercent: Math.round((100 * serverThreadMs) / elapsedMs),
      serverLoopBusyPercent: Math.round(100 * loopNow.utilization),
      postgresPercent: Math.round((ticks * 1000) / elapsedMs),
      serverThreadMs: Math.round(serverThreadMs),
      postgresMs: ticks * 10,
    };
  };
}
