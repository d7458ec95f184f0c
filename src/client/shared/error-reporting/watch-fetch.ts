import { BODY_SAMPLE_LENGTH, ERROR_REPORT_PATH, type ErrorReport } from './error-report.ts';

type Environment = {
  /** The page's address, to resolve relative request URLs. */
  base: () => string;
};

function requestOf(input: RequestInfo | URL, init: RequestInit | undefined, base: string) {
  const raw = input instanceof Request ? input.url : String(input);
  const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
  return { method, url: new URL(raw, base) };
}

async function serverErrorReport(method: string, url: URL, response: Response): Promise<ErrorReport> {
  // The clone is read, so the caller still gets the whole body; an unreadable body is reported empty.
  const body = await response.text().catch(() => '');
  return {
    type: 'network_error',
    description: `Errore del server ${response.status}: ${method} ${url.pathname}`,
    errorDetails: {
      status: response.status,
      statusText: response.statusText,
      method,
      url: url.href,
      headers: Object.fromEntries(response.headers),
      body: body.slice(0, BODY_SAMPLE_LENGTH),
    },
  };
}

/**
 * `fetch` that reports answers ≥ 500, then behaves exactly like the original (same response, same
 * error). Calls to the report endpoint pass untouched: a report about a failed report would loop.
 */
export function watchFetch(original: typeof fetch, report: (report: ErrorReport) => void, env: Environment) {
  return async function watchedFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const { method, url } = requestOf(input, init, env.base());
    if (url.pathname === ERROR_REPORT_PATH) return original(input, init);
    // A request that never got an answer is not reported: the phone's connection is no fault of the app,
    // and an offline phone would fill the queue with them. Its caller still gets the error.
    const response = await original(input, init);
    if (response.status >= 500) void serverErrorReport(method, url, response.clone()).then(report);
    return response;
  } as typeof fetch;
}
