import { expect, test } from 'vitest';
import { errorReportInput } from '../../../rpc/schemas/reports.ts';
import { ERROR_REPORT_BODY_LIMIT } from '../../../rpc/schemas/reports-limits.ts';
import { errorReportBody } from './error-report.ts';

const where = { page: '/album', url: 'http://localhost:3000/album?reset=true' };
const bytes = (text: string) => new TextEncoder().encode(text).length;

test('the body carries the report, the page and the full address', () => {
  const body = JSON.parse(
    errorReportBody({ type: 'js_error', description: 'Boom di prova', errorDetails: { line: 3 } }, where),
  );
  expect(body).toEqual({
    type: 'js_error',
    description: 'Boom di prova',
    errorDetails: { line: 3 },
    page: '/album',
    url: 'http://localhost:3000/album?reset=true',
  });
});

test('a blank description still says something (the server refuses an empty one)', () => {
  expect(JSON.parse(errorReportBody({ type: 'api_error', description: '   ' }, where)).description).toBe(
    'Errore sconosciuto',
  );
});

test('a huge description and huge details are cut to fit the 16 KB limit, keeping the status', () => {
  const body = errorReportBody(
    {
      type: 'network_error',
      description: 'x'.repeat(50_000),
      errorDetails: { status: 502, body: 'y'.repeat(100_000) },
    },
    { page: `/${'p'.repeat(900)}`, url: `http://localhost/${'u'.repeat(5000)}` },
  );
  expect(bytes(body)).toBeLessThanOrEqual(ERROR_REPORT_BODY_LIMIT);
  const parsed = JSON.parse(body);
  expect(parsed.description).toHaveLength(2000);
  expect(parsed.page).toHaveLength(500);
  expect(parsed.url).toHaveLength(2000);
  expect(parsed.errorDetails.status).toBe(502);
  expect(parsed.errorDetails.truncated.startsWith('{"status":502,"body":"yyy')).toBe(true);
});

test('whatever the app caught, the body is one the server accepts: within every limit of its schema', () => {
  const nested: Record<string, unknown> = { status: 500 };
  let inner = nested;
  for (let depth = 0; depth < 40; depth++) inner = inner.child = {} as Record<string, unknown>;
  const bodies = [
    { description: 'x'.repeat(50_000), errorDetails: { status: 502, body: '"\\'.repeat(20_000) } },
    { description: `nul\u0000 e escape\u001b[31m`, errorDetails: { body: 'a\u0000b', 'k\u0001': 1 } },
    { description: 'profondo', errorDetails: nested },
    { description: '😱'.repeat(5000), errorDetails: { stack: 'è'.repeat(20_000) } },
  ].map((report) =>
    errorReportBody({ type: 'network_error', ...report }, { page: '/a\u0000', url: 'http://x/\u0007' }),
  );
  for (const body of bodies) {
    expect(bytes(body)).toBeLessThanOrEqual(ERROR_REPORT_BODY_LIMIT);
    const result = errorReportInput.safeParse(JSON.parse(body));
    expect(result.error?.issues).toBeUndefined();
  }
  expect(JSON.parse(bodies[1] as string)).toMatchObject({
    description: 'nul\uFFFD e escape\uFFFD[31m',
    page: '/a\uFFFD',
    errorDetails: { truncated: expect.stringContaining('a\uFFFDb') },
  });
  expect(JSON.parse(bodies[2] as string).errorDetails).toMatchObject({
    status: 500,
    truncated: expect.any(String),
  });
});

test('text that takes several bytes per character (emoji, accents) still fits', () => {
  const body = errorReportBody(
    {
      type: 'js_error',
      description: '😱'.repeat(5000),
      errorDetails: { stack: 'è'.repeat(20_000), control: '\u0001'.repeat(5000) },
    },
    where,
  );
  expect(bytes(body)).toBeLessThanOrEqual(ERROR_REPORT_BODY_LIMIT);
  expect(JSON.parse(body).description.length).toBeGreaterThan(1000);
});

test('small details travel as they are', () => {
  const details = { status: 500, body: 'guasto', headers: { 'content-type': 'text/plain' } };
  const body = JSON.parse(
    errorReportBody({ type: 'network_error', description: 'x', errorDetails: details }, where),
  );
  expect(body.errorDetails).toEqual(details);
});
