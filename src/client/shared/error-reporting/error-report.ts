import {
  ERROR_DETAILS_MAX,
  ERROR_REPORT_BODY_LIMIT,
  type ERROR_REPORT_TYPES,
  REPORT_DESCRIPTION_MAX,
} from '../../../rpc/schemas/reports.ts';

export const ERROR_REPORT_PATH = '/api/reports/error';
/** How much of a failed answer's body a report carries (spec §9). */
export const BODY_SAMPLE_LENGTH = 1000;

/** What the app knows about one of its own errors; where it happened is added when it is sent. */
export type ErrorReport = {
  type: (typeof ERROR_REPORT_TYPES)[number];
  description: string;
  errorDetails?: Record<string, unknown>;
};

export type ErrorReportBody = ErrorReport & { page: string; url: string };

// The server refuses a page over 500 characters and a url over 2,000 (400), so they are cut, not sent whole.
const PAGE_MAX = 500;
const URL_MAX = 2000;
const encoder = new TextEncoder();
const byteLength = (text: string) => encoder.encode(text).length;

const cut = (text: string, length: number) => (text.length > length ? text.slice(0, length) : text);

/**
 * Details that fit in `length` characters of JSON. Too long, they travel as the start of their JSON text,
 * keeping `status`: the server reads it to mark an answer ≥ 500 'alta'.
 */
function fitDetails(details: Record<string, unknown> | undefined, length: number) {
  if (details === undefined) return undefined;
  const text = JSON.stringify(details);
  if (text.length <= length) return details;
  const status = typeof details.status === 'number' ? { status: details.status } : {};
  return { ...status, truncated: text.slice(0, length) };
}

/**
 * The JSON body for POST /api/reports/error, never over the endpoint's 16 KB limit (a bigger one would be
 * refused whole with 413): the details shrink first, then the description.
 */
export function errorReportBody(report: ErrorReport, where: { page: string; url: string }): string {
  let description = cut(report.description.trim() || 'Errore sconosciuto', REPORT_DESCRIPTION_MAX);
  const base = { type: report.type, page: cut(where.page, PAGE_MAX), url: cut(where.url, URL_MAX) };
  let detailsLength = ERROR_DETAILS_MAX;
  for (;;) {
    const errorDetails = fitDetails(report.errorDetails, detailsLength);
    const body = JSON.stringify({ ...base, description, errorDetails } satisfies ErrorReportBody);
    if (byteLength(body) <= ERROR_REPORT_BODY_LIMIT) return body;
    // Only characters outside ASCII (up to 3 bytes each, more once escaped) get here.
    if (detailsLength > 0 && errorDetails !== undefined) detailsLength = Math.floor(detailsLength / 2);
    else description = cut(description, Math.floor(description.length / 2));
  }
}
