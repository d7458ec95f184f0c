import {
  ERROR_DETAILS_MAX,
  ERROR_REPORT_BODY_LIMIT,
  type ERROR_REPORT_TYPES,
  REPORT_DESCRIPTION_MAX,
  REPORT_PAGE_MAX,
  REPORT_URL_MAX,
} from '../../../rpc/schemas/reports-limits.ts';
import { CONTROL_CHARACTERS, freeJsonProblem } from '../../../rpc/schemas/safe-text.ts';

export const ERROR_REPORT_PATH = '/api/reports/error';
/** How much of a failed answer's body a report carries (spec §9). */
export const BODY_SAMPLE_LENGTH = 1000;

/** What the app knows about one of its own errors; where it happened is added when it is sent. */
export type ErrorReport = {
  type: (typeof ERROR_REPORT_TYPES)[number];
  description: string;
  errorDetails?: Record<string, unknown>;
};

export type ErrorReportBody = Omit<ErrorReport, 'errorDetails'> & {
  errorDetails?: unknown;
  page: string;
  url: string;
};

const encoder = new TextEncoder();
const byteLength = (text: string) => encoder.encode(text).length;

const cut = (text: string, length: number) => (text.length > length ? text.slice(0, length) : text);
/** The server refuses control characters (other than tab and new lines): they travel as '\uFFFD'. */
const clean = (text: string) => text.replace(CONTROL_CHARACTERS, '\uFFFD');

/**
 * Details whose JSON fits in `length` characters and that the server accepts (shallow, no control
 * characters), or undefined when nothing fits. Otherwise they travel as the start of their JSON text,
 * keeping `status` for the admin reading the report.
 */
function fitDetails(details: Record<string, unknown> | undefined, length: number) {
  if (details === undefined) return undefined;
  const text = JSON.stringify(details, (_key, value: unknown) =>
    typeof value === 'string' ? clean(value) : value,
  );
  const whole: unknown = JSON.parse(text);
  if (text.length <= length && freeJsonProblem(whole) === undefined) return whole;
  const status = typeof details.status === 'number' ? { status: details.status } : {};
  // Quotes and backslashes grow when the text is escaped again: cut by the overflow until it fits.
  for (let kept = length; kept >= 0; ) {
    const fitted = { ...status, truncated: clean(text.slice(0, kept)) };
    const overflow = JSON.stringify(fitted).length - length;
    if (overflow <= 0) return fitted;
    kept -= overflow;
  }
  return undefined;
}

/**
 * The JSON body for POST /api/reports/error, within every limit of its schema (longer fields are refused
 * with 400, not cut) and never over the endpoint's 16 KB (a bigger one would be refused whole with 413):
 * the details shrink first, then the description.
 */
export function errorReportBody(report: ErrorReport, where: { page: string; url: string }): string {
  let description = cut(clean(report.description).trim() || 'Errore sconosciuto', REPORT_DESCRIPTION_MAX);
  const base = {
    type: report.type,
    page: cut(clean(where.page), REPORT_PAGE_MAX),
    url: cut(clean(where.url), REPORT_URL_MAX),
  };
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
