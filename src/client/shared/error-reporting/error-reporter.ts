import { createBurstFilter } from './burst-filter.ts';
import { rejectionReport, scriptErrorReport } from './describe-error.ts';
import { ERROR_REPORT_PATH, type ErrorReport, errorReportBody } from './error-report.ts';
import { watchFetch } from './watch-fetch.ts';

const SEND_FAILED = 'Impossibile inviare la segnalazione di errore';
/** How long a report made while the page is being left is held back. */
const LEAVING_HOLD_MS = 2000;

let send: ((report: ErrorReport) => void) | undefined;

/** Sends a report to the server once the reporter is installed (before that, and in tests, nothing). */
export function reportError(report: ErrorReport) {
  send?.(report);
}

/**
 * The app's automatic error reports (spec §8): uncaught errors, unhandled rejections, answers ≥ 500 and
 * failed requests. Call once, before the app renders, so every fetch goes through the watcher.
 */
export function installErrorReporter() {
  if (send) return;
  // The reports themselves go through the original fetch: the watcher must never see them.
  const originalFetch = window.fetch.bind(window);
  const warn = (reason?: unknown) => console.warn(SEND_FAILED, reason);
  const isFirstInBurst = createBurstFilter();

  const deliver = (report: ErrorReport) => {
    try {
      const body = errorReportBody(report, { page: location.pathname, url: location.href });
      originalFetch(ERROR_REPORT_PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        credentials: 'include',
        body,
      }).then((response) => {
        if (!response.ok) warn(response.status);
      }, warn);
    } catch (error) {
      warn(error);
    }
  };

  // Leaving the page cancels its requests, and the browser may fail them ('Failed to fetch') before the
  // page is gone: not a fault. A report made while leaving is held back, so it dies with the page; if the
  // page stays after all (a download, a cancelled navigation) it goes out late. A page restored from the
  // back/forward cache starts a new visit: what was held for the old one is dropped.
  let leaving = false;
  let visit = 0;
  window.addEventListener('beforeunload', () => {
    leaving = true;
    setTimeout(() => {
      leaving = false;
    }, LEAVING_HOLD_MS);
  });
  window.addEventListener('pageshow', (event) => {
    if (!event.persisted) return;
    leaving = false;
    visit += 1;
  });

  send = (report) => {
    // Offline, every call fails by design (the outbox keeps the taps): nothing to report, nor a way to.
    if (!navigator.onLine) return;
    if (!isFirstInBurst(`${report.type}\n${report.description}`)) return;
    if (!leaving) return deliver(report);
    const heldIn = visit;
    setTimeout(() => heldIn === visit && deliver(report), LEAVING_HOLD_MS);
  };

  window.addEventListener('error', (event) => reportError(scriptErrorReport(event)));
  window.addEventListener('unhandledrejection', (event) => reportError(rejectionReport(event.reason)));
  window.fetch = watchFetch(originalFetch, reportError, { base: () => location.href });
}
