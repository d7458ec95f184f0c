import { expect, test } from 'vitest';
import { apiClient, registeredUser } from '../../test/support/api-client.ts';
import { matchedPair } from '../../test/support/collectors.ts';
import { setUpServerWithAdmin } from '../../test/support/server-with-admin.ts';
import { sql } from '../../test/support/sql.ts';

const { server, admin } = setUpServerWithAdmin();

type Report = {
  id: number;
  type: string;
  description: string;
  page: string | null;
  user_id: number | null;
  username: string | null;
  reported_user_id: number | null;
  reported_username: string | null;
  reported_user_active: boolean | null;
  status: string;
  priority: string;
};
type Page = { reports: Report[]; total: number };

const reportOf = async (id: number, query = '') => {
  const page = await admin.get<Page>(`/api/admin/reports?limit=100${query}`);
  return page.body.reports.find((report) => report.id === id);
};

test('a collector reports another: a segnalazione of type user, the reason as its description, naming whom', async () => {
  const [anna, bruno] = await Promise.all([registeredUser(server.url), registeredUser(server.url)]);
  const sent = await anna.api.post<{ id: number }>(`/api/users/${bruno.id}/report`, {
    reason: '  Mi scrive insulti in chat  ',
  });
  expect(sent).toMatchObject({ status: 200, body: { id: expect.any(Number) } });
  expect(await reportOf(sent.body.id)).toMatchObject({
    type: 'user',
    description: 'Mi scrive insulti in chat',
    page: null,
    user_id: anna.id,
    username: anna.nickname,
    reported_user_id: bruno.id,
    reported_username: bruno.nickname,
    reported_user_active: true,
    status: 'nuovo',
    priority: 'media',
  });
  // The type filter finds it; a problem report ('Segnala un problema') names nobody.
  expect(await reportOf(sent.body.id, '&type=user')).toBeDefined();
  expect(await reportOf(sent.body.id, '&type=js_error')).toBeUndefined();
  const problem = await anna.api.post<{ id: number }>('/api/reports', {
    description: 'La pagina non carica',
  });
  expect(await reportOf(problem.body.id)).toMatchObject({
    type: 'user',
    reported_user_id: null,
    reported_username: null,
    reported_user_active: null,
  });

  // The same through tRPC.
  const viaTrpc = await anna.api.request<{ result: { data: { id: number } } }>(
    'POST',
    '/trpc/reports.reportUser',
    { json: { userId: bruno.id, reason: 'Non ha mai spedito le figurine' } },
  );
  expect(viaTrpc.status).toBe(200);
  expect(await reportOf(viaTrpc.body.result.data.id)).toMatchObject({
    description: 'Non ha mai spedito le figurine',
    reported_user_id: bruno.id,
  });

  // Once the admin deactivates the reported collector, the report says so.
  await admin.patch(`/api/admin/users/${bruno.id}/toggle-status`, { is_active: false });
  expect(await reportOf(sent.body.id)).toMatchObject({ reported_user_active: false });
});

test('a report needs a reason within 1000 safe characters, about somebody else who exists; anonymous 401', async () => {
  const [anna, bruno] = await Promise.all([registeredUser(server.url), registeredUser(server.url)]);
  const cases: [string | number, unknown, number, string][] = [
    [bruno.id, {}, 400, 'Il motivo è obbligatorio'],
    [bruno.id, { reason: '' }, 400, 'Il motivo è obbligatorio'],
    [bruno.id, { reason: ' \n\t ' }, 400, 'Il motivo è obbligatorio'],
    [bruno.id, { reason: 42 }, 400, 'Il motivo è obbligatorio'],
    [bruno.id, { reason: 'x'.repeat(1001) }, 400, 'Il motivo non può superare 1000 caratteri'],
    [bruno.id, { reason: 'ciao\u0000' }, 400, 'Il testo contiene caratteri non consentiti'],
    [anna.id, { reason: 'io' }, 400, 'Non puoi segnalare te stesso'],
    [99999999, { reason: 'chi?' }, 404, 'Utente non trovato'],
    ['abc', { reason: 'chi?' }, 400, 'Utente non valido'],
  ];
  for (const [id, body, status, message] of cases) {
    expect(await anna.api.post(`/api/users/${id}/report`, body)).toMatchObject({ status, body: { message } });
  }
  expect(await apiClient(server.url).post(`/api/users/${bruno.id}/report`, { reason: 'x' })).toMatchObject({
    status: 401,
  });
  expect(await anna.api.post(`/api/users/${bruno.id}/report`, { reason: 'y'.repeat(1000) })).toMatchObject({
    status: 200,
  });
});

test("reports about collectors share the sender's per-minute limit with 'Segnala un problema'", async () => {
  const [anna, bruno] = await Promise.all([registeredUser(server.url), registeredUser(server.url)]);
  const statuses: number[] = [];
  for (let i = 0; i < 15; i += 1) {
    statuses.push((await anna.api.post('/api/reports', { description: `problema ${i}` })).status);
    statuses.push((await anna.api.post(`/api/users/${bruno.id}/report`, { reason: `motivo ${i}` })).status);
  }
  expect(statuses).toEqual(Array(30).fill(200));
  expect(await anna.api.post(`/api/users/${bruno.id}/report`, { reason: 'ancora' })).toMatchObject({
    status: 429,
    body: { message: expect.stringMatching(/^Troppe segnalazioni: riprova tra \d+ second[oi]$/) },
  });
  // Somebody else still reports.
  expect(await bruno.api.post(`/api/users/${anna.id}/report`, { reason: 'spam' })).toMatchObject({
    status: 200,
  });
});

test("'Segnala' on a message: only someone in that chat, never one's own; kept as it read with the messages before it, even after its author leaves", async () => {
  const { anna, bruno, matchId } = await matchedPair(server);
  const carla = await registeredUser(server.url);
  const say = async (content: string) =>
    (await bruno.api.post<{ id: number }>(`/api/matches/${matchId}/messages`, { content })).body.id;
  await say('Ciao, ho la 15 doppia');
  const asked = await say('Mandami il tuo numero di telefono');
  const annaSaid = (
    await anna.api.post<{ id: number }>(`/api/matches/${matchId}/messages`, { content: 'No' })
  ).body.id;

  const refusals = await Promise.all([
    carla.api.post(`/api/messages/${asked}/report`, { category: 'contatti_personali' }),
    anna.api.post('/api/messages/2000000000/report', { category: 'spam' }),
    anna.api.post(`/api/messages/${annaSaid}/report`, { category: 'spam' }),
    anna.api.post(`/api/messages/${asked}/report`, { category: 'volgare' }),
    apiClient(server.url).post(`/api/messages/${asked}/report`, { category: 'spam' }),
  ]);
  expect(refusals.map((answer) => [answer.status, (answer.body as { message?: string }).message])).toEqual([
    [404, 'Messaggio non trovato'],
    [404, 'Messaggio non trovato'],
    [400, 'Non puoi segnalare un tuo messaggio'],
    [400, 'Scegli il motivo della segnalazione'],
    [401, expect.any(String)],
  ]);

  const sent = await anna.api.post<{ id: number }>(`/api/messages/${asked}/report`, {
    category: 'contatti_personali',
  });
  expect(sent).toMatchObject({ status: 201, body: { id: expect.any(Number) } });
  // Acknowledged at once: in Anna's reports, being looked at.
  expect((await anna.api.get<{ id: number; outcome: string }[]>('/api/user/reports')).body).toContainEqual(
    expect.objectContaining({ id: sent.body.id, outcome: 'in_esame' }),
  );
  expect(await reportOf(sent.body.id)).toMatchObject({
    type: 'user',
    description: 'Contatti personali',
    user_id: anna.id,
    reported_user_id: bruno.id,
  });

  // Bruno deletes his account: the report and what his message said stay for the admin.
  expect((await bruno.api.delete('/api/user', { password: bruno.password })).status).toBe(200);
  const [kept] = await sql<{ category: string; message_id: number; evidence: Evidence }>(
    server.databaseUrl,
    'select category, message_id, evidence from report where id = $1',
    [sent.body.id],
  );
  expect(kept).toMatchObject({
    category: 'contatti_personali',
    message_id: asked,
    evidence: {
      message: { id: asked, sender: bruno.nickname, content: 'Mandami il tuo numero di telefono' },
      before: [{ sender: bruno.nickname, content: 'Ciao, ho la 15 doppia' }],
    },
  });
  // The admin reads it as it was reported, under his old nickname.
  expect((await admin.get(`/api/admin/reports/${sent.body.id}/evidence`)).body).toMatchObject({
    reportedMessage: { sender: bruno.nickname, content: 'Mandami il tuo numero di telefono' },
  });
});

type Evidence = { message: Record<string, unknown>; before: Record<string, unknown>[] };

test("a report that names a phone, an address, a meeting or a minor arrives 'urgente', first after the minors'; one about a late parcel stays 'media'", async () => {
  const { anna, bruno, matchId } = await matchedPair(server);
  const late = await anna.api.post<{ id: number }>(`/api/users/${bruno.id}/report`, {
    reason: 'Non ha mai spedito le figurine',
  });
  const meeting = await anna.api.post<{ id: number }>(`/api/users/${bruno.id}/report`, {
    reason: 'Vuole un appuntamento al parco da soli',
  });
  // The words of the reported message count too, whatever the reason chosen.
  const said = await bruno.api.post<{ id: number }>(`/api/matches/${matchId}/messages`, {
    content: 'Scrivimi su WhatsApp al 347 123 4567',
  });
  const onMessage = await anna.api.post<{ id: number }>(`/api/messages/${said.body.id}/report`, {
    category: 'spam',
  });
  expect(await reportOf(late.body.id)).toMatchObject({ priority: 'media' });
  expect(await reportOf(meeting.body.id)).toMatchObject({ priority: 'urgente' });
  expect(await reportOf(onMessage.body.id)).toMatchObject({ priority: 'urgente' });
  const urgent = await admin.get<Page>('/api/admin/reports?priority=urgente&limit=100');
  expect(urgent.body.reports.map((report) => report.id)).toEqual(
    expect.arrayContaining([meeting.body.id, onMessage.body.id]),
  );
  // The admin may lower it.
  expect((await admin.put(`/api/admin/reports/${meeting.body.id}`, { priority: 'media' })).status).toBe(200);
  expect(await reportOf(meeting.body.id)).toMatchObject({ priority: 'media' });
});
