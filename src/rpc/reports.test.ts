import { beforeEach, expect, test } from 'vitest';
import { apiClient, registeredUser } from '../../test/support/api-client.ts';
import { setUpServerWithAdmin } from '../../test/support/server-with-admin.ts';
import { sql as runSql } from '../../test/support/sql.ts';

const { server, admin } = setUpServerWithAdmin();

const sql = (text: string, params: unknown[] = []) => runSql(server.databaseUrl, text, params);

beforeEach(async () => {
  await sql('delete from report');
});

type Report = {
  id: number;
  type: string;
  status: string;
  priority: string;
  user_id: number | null;
  username: string | null;
};
type Page = { reports: Report[]; total: number; totalPages: number; hasNextPage: boolean };

/** Reports straight into the table: type, status, priority cycle through the given lists. */
async function seedReports(
  count: number,
  fields: { type?: string; status?: string; priority?: string } = {},
) {
  await sql(
    `insert into report (type, description, status, priority, created_at)
     select $1, 'Rapporto ' || g, $2, $3, now() - g * interval '1 minute' from generate_series(1, $4) g`,
    [fields.type ?? 'js_error', fields.status ?? 'nuovo', fields.priority ?? 'media', count],
  );
}

test('the app reports an error: the server adds user, agent, time, status nuovo and priority media', async () => {
  const collector = await registeredUser(server.url);
  const sent = await collector.api.request('POST', '/api/reports/error', {
    json: {
      type: 'network_error',
      description: 'Errore Query: 500',
      errorDetails: { status: 502, method: 'GET', body: 'Bad gateway' },
      page: '/album',
      url: 'http://localhost/album',
      status: 'inviato',
      priority: 'bassa',
    },
    headers: { 'user-agent': 'Prova/1.0' },
  });
  expect(sent).toMatchObject({ status: 200, body: { id: expect.any(Number) } });
  await apiClient(server.url).post('/api/reports/error', { type: 'js_error', description: 'x is undefined' });
  const page = (await admin.get<Page>('/api/admin/reports')).body;
  expect(
    page.reports.map(({ type, status, priority, username }) => ({ type, status, priority, username })),
  ).toEqual([
    { type: 'js_error', status: 'nuovo', priority: 'media', username: null },
    { type: 'network_error', status: 'nuovo', priority: 'media', username: collector.nickname },
  ]);
  expect(page.reports[1]).toMatchObject({
    user_id: collector.id,
    user_agent: 'Prova/1.0',
    page: '/album',
    url: 'http://localhost/album',
    error_details: JSON.stringify({ status: 502, method: 'GET', body: 'Bad gateway' }),
    created_at: expect.any(String),
  });
});

test('the error endpoint trusts nothing: unknown types, missing fields, big bodies are refused', async () => {
  const anonymous = apiClient(server.url);
  const cases: [unknown, number, string][] = [
    [{ type: 'user', description: 'finta' }, 400, 'Tipo di segnalazione non valido'],
    [{ type: 'spam', description: 'x' }, 400, 'Tipo di segnalazione non valido'],
    [{ type: 'js_error' }, 400, 'La descrizione è obbligatoria'],
    [{ type: 'js_error', description: 'x', page: 'p'.repeat(501) }, 400, 'Pagina non valida'],
  ];
  for (const [body, status, message] of cases) {
    expect(await anonymous.post('/api/reports/error', body)).toMatchObject({ status, body: { message } });
  }
  const huge = await anonymous.request('POST', '/api/reports/error', {
    raw: JSON.stringify({ type: 'js_error', description: 'x', errorDetails: 'y'.repeat(17 * 1024) }),
  });
  expect(huge).toMatchObject({ status: 413, body: { message: 'Richiesta troppo grande' } });
  // Long fields that fit the body limit are refused by the schema (on both transports), never cut.
  for (const [body, message] of [
    [{ type: 'js_error', description: 'd'.repeat(2001) }, 'La descrizione non può superare 2000 caratteri'],
    [
      { type: 'js_error', description: 'x', errorDetails: 'e'.repeat(10_000) },
      "Dettagli dell'errore troppo lunghi",
    ],
  ] as const) {
    expect(await anonymous.post('/api/reports/error', body)).toMatchObject({
      status: 400,
      body: { message },
    });
  }
  const longest = await anonymous.post('/api/reports/error', {
    type: 'js_error',
    description: 'd'.repeat(2000),
    errorDetails: { stack: 'e'.repeat(7980) },
  });
  expect(longest.status).toBe(200);
  const [row] = (await sql('select length(description) as d, length(error_details) as e from report')) as {
    d: number;
    e: number;
  }[];
  expect(row).toEqual({ d: 2000, e: 7992 });
});

test('an anonymous sender cannot choose the priority: a claimed server error stays media until an admin raises it', async () => {
  const anonymous = apiClient(server.url);
  for (const path of ['/api/reports/error', '/trpc/reports.error']) {
    const sent = await anonymous.post(path, {
      type: 'network_error',
      description: 'Errore del server 503',
      errorDetails: { status: 599, method: 'GET' },
      priority: 'alta',
    });
    expect(sent.status).toBe(200);
  }
  const page = (await admin.get<Page>('/api/admin/reports')).body;
  expect(page.reports.map((report) => report.priority)).toEqual(['media', 'media']);
  expect((await admin.get<Page>('/api/admin/reports?priority=alta')).body.total).toBe(0);
  const [first] = page.reports;
  expect(await admin.put(`/api/admin/reports/${first?.id}`, { priority: 'alta' })).toMatchObject({
    status: 200,
    body: { priority: 'alta' },
  });
});

test('a flood of 1,000 reports from one address stores at most the per-minute limit, and the app keeps answering', async () => {
  const flooder = apiClient(server.url);
  const statuses: number[] = [];
  for (let batch = 0; batch < 10; batch++) {
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        flooder.post('/api/reports/error', { type: 'js_error', description: `flood ${batch}-${i}` }),
      ),
    );
    statuses.push(...responses.map((response) => response.status));
  }
  expect(statuses.filter((status) => status === 200)).toHaveLength(30);
  expect(statuses.filter((status) => status === 429)).toHaveLength(970);
  expect((await admin.get<Page>('/api/admin/reports')).body.total).toBe(30);
  expect(await flooder.post('/api/reports/error', { type: 'js_error', description: 'ancora' })).toMatchObject(
    {
      status: 429,
      body: { message: expect.stringMatching(/^Troppe segnalazioni: riprova tra \d+ second[oi]$/) },
    },
  );
  expect(await apiClient(server.url).get('/api/health')).toMatchObject({ status: 200 });
  expect(
    await apiClient(server.url).post('/api/reports/error', { type: 'js_error', description: 'altro IP' }),
  ).toMatchObject({
    status: 200,
  });
});

test('a collector reports a problem from the profile', async () => {
  const collector = await registeredUser(server.url);
  expect(
    await collector.api.post('/api/reports', { description: '  La chat non si apre  ', page: '/chat/3' }),
  ).toMatchObject({
    status: 200,
  });
  expect(await collector.api.post('/api/reports', { description: '   ' })).toMatchObject({
    status: 400,
    body: { message: 'La descrizione è obbligatoria' },
  });
  expect(await apiClient(server.url).post('/api/reports', { description: 'anonimo' })).toMatchObject({
    status: 401,
  });
  const [report] = (await admin.get<Page>('/api/admin/reports?type=user')).body.reports;
  expect(report).toMatchObject({
    type: 'user',
    description: 'La chat non si apre',
    page: '/chat/3',
    priority: 'media',
  });
});

test('pagination: 0, 20 and 21 reports', async () => {
  expect((await admin.get('/api/admin/reports')).body).toEqual({
    reports: [],
    total: 0,
    totalPages: 0,
    hasNextPage: false,
  });
  await seedReports(20);
  expect((await admin.get<Page>('/api/admin/reports')).body).toMatchObject({
    total: 20,
    totalPages: 1,
    hasNextPage: false,
  });
  expect((await admin.get<Page>('/api/admin/reports')).body.reports).toHaveLength(20);
  await seedReports(1);
  const first = (await admin.get<Page>('/api/admin/reports?page=1&limit=20&t=123')).body;
  expect(first).toMatchObject({ total: 21, totalPages: 2, hasNextPage: true });
  const second = (await admin.get<Page>('/api/admin/reports?page=2')).body;
  expect(second).toMatchObject({ total: 21, totalPages: 2, hasNextPage: false });
  expect(second.reports).toHaveLength(1);
  expect(new Set([...first.reports, ...second.reports].map((report) => report.id)).size).toBe(21);
  expect((await admin.get<Page>('/api/admin/reports?page=3')).body.reports).toEqual([]);
  expect(await admin.get('/api/admin/reports?page=0')).toMatchObject({
    status: 400,
    body: { message: 'Pagina non valida' },
  });
  const response = await admin.get('/api/admin/reports');
  expect(response.headers.get('cache-control')).toBe('no-store');
});

test('every filter and their combinations; all means no filter', async () => {
  await seedReports(3, { type: 'js_error', status: 'nuovo', priority: 'media' });
  await seedReports(2, { type: 'network_error', status: 'aperto', priority: 'alta' });
  await seedReports(4, { type: 'user', status: 'inviato', priority: 'media' });
  await seedReports(1, { type: 'spam', status: 'nuovo', priority: 'alta' });
  const total = async (query: string) => (await admin.get<Page>(`/api/admin/reports?${query}`)).body.total;
  expect(await total('')).toBe(10);
  expect(await total('status=all&priority=all&type=all')).toBe(10);
  expect(await total('status=nuovo')).toBe(4);
  expect(await total('status=aperto')).toBe(2);
  expect(await total('status=inviato')).toBe(4);
  expect(await total('priority=alta')).toBe(3);
  expect(await total('priority=media')).toBe(7);
  expect(await total('type=user')).toBe(4);
  expect(await total('type=error')).toBe(0);
  expect(await total('status=nuovo&priority=alta')).toBe(1);
  expect(await total('status=nuovo&priority=media&type=js_error')).toBe(3);
  expect(await total('status=aperto&type=js_error')).toBe(0);
  for (const [query, message] of [
    ['status=chiuso', 'Stato non valido'],
    ['priority=bassa', 'Priorità non valida'],
    ['type=virus', 'Tipo non valido'],
    ['limit=101', 'Al massimo 100 segnalazioni per pagina'],
  ]) {
    expect(await admin.get(`/api/admin/reports?${query}`)).toMatchObject({ status: 400, body: { message } });
  }
});

test('single change of status or priority; unknown report 404', async () => {
  await seedReports(1);
  const [report] = (await admin.get<Page>('/api/admin/reports')).body.reports;
  expect(await admin.put(`/api/admin/reports/${report?.id}`, { status: 'aperto' })).toMatchObject({
    status: 200,
    body: { status: 'aperto', priority: 'media' },
  });
  expect(await admin.put(`/api/admin/reports/${report?.id}`, { priority: 'alta' })).toMatchObject({
    status: 200,
    body: { status: 'aperto', priority: 'alta' },
  });
  expect(await admin.put(`/api/admin/reports/${report?.id}`, { status: 'chiuso' })).toMatchObject({
    status: 400,
  });
  expect(await admin.put(`/api/admin/reports/${report?.id}`, {})).toMatchObject({
    status: 400,
    body: { message: 'Indica lo stato o la priorità' },
  });
  expect(await admin.put('/api/admin/reports/99999999', { status: 'aperto' })).toMatchObject({
    status: 404,
    body: { message: 'Segnalazione non trovata' },
  });
});

test('bulk status and bulk delete, with empty and invalid input refused', async () => {
  await seedReports(5);
  const ids = (await admin.get<Page>('/api/admin/reports')).body.reports.map((report) => report.id);
  const selection = 'Seleziona almeno una segnalazione e uno stato valido';
  for (const body of [
    { reportIds: [], status: 'aperto' },
    { reportIds: ids, status: 'chiuso' },
    { reportIds: ids },
    {},
  ]) {
    expect(await admin.put('/api/admin/reports/bulk-status', body)).toMatchObject({
      status: 400,
      body: { message: selection },
    });
  }
  expect(
    await admin.put('/api/admin/reports/bulk-status', {
      reportIds: [...ids.slice(0, 3), 99999999],
      status: 'inviato',
    }),
  ).toMatchObject({
    status: 200,
    body: { updatedCount: 3 },
  });
  const stats = (await admin.get<{ pendingReports: number }>('/api/admin/stats')).body;
  expect(stats.pendingReports).toBe(2);

  for (const body of [{ reportIds: [] }, {}, { reportIds: 'tutti' }]) {
    expect(await admin.delete('/api/admin/reports/bulk', body)).toMatchObject({
      status: 400,
      body: { message: 'Seleziona almeno una segnalazione da eliminare' },
    });
  }
  expect(await admin.delete('/api/admin/reports/bulk', { reportIds: ids.slice(0, 2) })).toMatchObject({
    status: 200,
    body: { deletedCount: 2 },
  });
  expect((await admin.get<Page>('/api/admin/reports')).body.total).toBe(3);
});

test('report administration is for admins only', async () => {
  const collector = await registeredUser(server.url);
  const anonymous = apiClient(server.url);
  for (const [method, path, body] of [
    ['GET', '/api/admin/reports', undefined],
    ['PUT', '/api/admin/reports/1', { status: 'aperto' }],
    ['PUT', '/api/admin/reports/bulk-status', { reportIds: [1], status: 'aperto' }],
    ['DELETE', '/api/admin/reports/bulk', { reportIds: [1] }],
  ] as const) {
    expect(await anonymous.request(method, path, { json: body })).toMatchObject({ status: 401 });
    expect(await collector.api.request(method, path, { json: body })).toMatchObject({ status: 403 });
  }
});
