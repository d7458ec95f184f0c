/**
 * The limits of a report, apart from their zod schemas (reports.ts) so the error reporter, part of the
 * client's first download, can use them without zod.
 */

/** What the app itself may send to the public error endpoint. */
export const ERROR_REPORT_TYPES = ['js_error', 'network_error', 'api_error'] as const;
export const REPORT_DESCRIPTION_MAX = 2000;
/** Why a collector reports another ('Segnala' in the chat): it becomes the report's description. */
export const REPORT_REASON_MAX = 1000;
/** The error details' length as JSON text. */
export const ERROR_DETAILS_MAX = 8000;
export const REPORT_PAGE_MAX = 500;
export const REPORT_URL_MAX = 2000;
/** The public endpoint refuses bigger bodies with 413 before reading them. */
export const ERROR_REPORT_BODY_LIMIT = 16 * 1024;
