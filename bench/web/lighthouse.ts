/**
 * bench:web's Lighthouse runs: mobile preset and simulated throttling, each in a Chromium of its own
 * (Debian's, no browser download): every run, and the figures of the median one.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const CHROMIUM = '/usr/bin/chromium';
/** A Lighthouse run on a page this small takes ~15 s; past this something hangs. */
const LIGHTHOUSE_TIMEOUT_MS = 120_000;
/**
 * Lighthouse's own advice: one run varies by several points, look at several. Each run is
 * in a fresh Chromium; a run Lighthouse itself calls broken (a trace without navigation start, say) is
 * run again, up to this many times.
 */
const LIGHTHOUSE_RUNS = 3;
const LIGHTHOUSE_ATTEMPTS = 3;
/** Lighthouse's SLOW_CPU_BENCHMARK_INDEX_THRESHOLD (core/gather/driver/environment.js). */
export const SLOW_HOST_BENCHMARK_INDEX = 1000;

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export type LighthouseFigures = {
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  fcpMs: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  /**
   * Lighthouse's measure of the host's CPU speed during the run. Its simulated phone is this host slowed
   * 4×, so a busy host makes a slower phone: Lighthouse itself calls a host under SLOW_HOST_BENCHMARK_INDEX
   * slower than it expects (a warning only its CLI prints), and its timings then say more about the host.
   */
  benchmarkIndex: number;
  finalPath: string;
  /** Accessibility and best-practices audits that failed outright, to see what costs the points. */
  failing: string[];
  warnings: string[];
};

const chromes = new Set<chromeLauncher.LaunchedChrome>();

/** Stops every Chromium a run still has open (the bench's watchdog and clean-up). */
export function killLighthouseChromes() {
  for (const chrome of chromes) chrome.kill();
}

/** One run's scores and metrics, as bench:web lists every run. */
export type LighthouseRun = Omit<LighthouseFigures, 'finalPath' | 'failing' | 'warnings'>;

/**
 * LIGHTHOUSE_RUNS good runs: the figures of the one with the median performance score, and every run's
 * scores and metrics (`runs`, in the order they ran), as the budgets hold for each run.
 */
export async function lighthouseRuns(
  url: string,
  cookie?: string,
): Promise<LighthouseFigures & { runs: LighthouseRun[] }> {
  const runs: LighthouseFigures[] = [];
  let failures = 0;
  while (runs.length < LIGHTHOUSE_RUNS) {
    try {
      runs.push(await runLighthouse(url, cookie));
    } catch (error) {
      if (!(error instanceof LighthouseRunError) || ++failures >= LIGHTHOUSE_ATTEMPTS) throw error;
    }
  }
  const sorted = runs.toSorted((a, b) => (a.performance ?? 0) - (b.performance ?? 0));
  const median = sorted[Math.floor(sorted.length / 2)] as LighthouseFigures;
  return {
    ...median,
    runs: runs.map(({ finalPath: _, failing: __, warnings: ___, ...run }) => run),
  };
}

class LighthouseRunError extends Error {}

/** One Lighthouse run, mobile preset and simulated throttling, in a Chromium of its own. */
async function runLighthouse(url: string, cookie?: string): Promise<LighthouseFigures> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
    logLevel: 'silent',
  });
  chromes.add(chrome);
  try {
    const result = await withTimeout(
      lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        ...(cookie ? { extraHeaders: { cookie } } : {}),
      }),
      LIGHTHOUSE_TIMEOUT_MS,
      `Lighthouse on ${url}`,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new LighthouseRunError(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
    const score = (id: string) => {
      const value = lhr.categories[id]?.score;
      return typeof value === 'number' ? Math.round(value * 100) : null;
    };
    const metric = (id: string, digits = 0) => {
      const value = lhr.audits[id]?.numericValue;
      return typeof value === 'number' ? Number(value.toFixed(digits)) : null;
    };
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      fcpMs: metric('first-contentful-paint'),
      lcpMs: metric('largest-contentful-paint'),
      tbtMs: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift', 3),
      benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
      finalPath: new URL(lhr.finalDisplayedUrl).pathname,
      failing: ['accessibility', 'best-practices'].flatMap((category) =>
        (lhr.categories[category]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
          .map((ref) => ref.id),
      ),
      warnings: lhr.runWarnings.map(String),
    };
  } finally {
    chrome.kill();
    chromes.delete(chrome);
  }
}
