import { expect, test } from 'vitest';
import { registeredUser } from '../../test/support/api-client.ts';
import { matchedPair } from '../../test/support/collectors.ts';
import { setUpServerWithAdmin } from '../../test/support/server-with-admin.ts';
import { EVIDENCE_MESSAGES_MAX } from './schemas/reports.ts';

const { server, admin } = setUpServerWithAdmin();

type Evidence = {
  messages: { sender: string; content: string; created_at: string }[];
  otherReports: { id: number; reporter: string | null; description: string; status: string }[];
};
type MyReport = { id: number; reported_username: string | null; status: string; outcome: string };

test('a report about a collector shows the admin the last messages of their chat with the reporter and the other reports about them', async () => {
  const { anna, bruno, matchId } = await matchedPair(server);
  const carla = await registeredUser(server.url);
  const earlier = await carla.api.post<{ id: number }>(`/api/users/${bruno.id}/report`, {
    reason: 'Mi minaccia',
  });
  // More messages than the evidence keeps: the newest ones, oldest first.
  for (let i = 1; i <= EVIDENCE_MESSAGES_MAX + 2; i++) {
    const writer = i % 2 === 0 ? anna : bruno;
    const sent = await writer.api.post(`/api/matches/${matchId}/messages`, { content: `messaggio ${i}` });
    expect(sent.status).toBe(200);
  }
  const report = await anna.api.post<{ id: number }>(`/api/users/${bruno.id}/report`, {
    reason: 'Minacce in chat',
  });

  const evidence = await admin.get<Evidence>(`/api/admin/reports/${report.body.id}/evidence`);
  expect(evidence.status).toBe(200);
  expect(evidence.body.messages).toHaveLength(EVIDENCE_MESSAGES_MAX);
  expect(evidence.body.messages.at(-1)).toMatchObject({
    sender: anna.nickname,
    content: `messaggio ${EVIDENCE_MESSAGES_MAX + 2}`,
  });
  expect(evidence.body.messages[0]?.content).toBe('messaggio 3');
  expect(evidence.body.otherReports).toEqual([
    expect.objectContaining({ id: earlier.body.id, reporter: carla.nickname, description: 'Mi minaccia' }),
  ]);

  // Only an admin may read it; a report that names nobody has no evidence; an unknown one is 404.
  expect((await anna.api.get(`/api/admin/reports/${report.body.id}/evidence`)).status).toBe(403);
  const problem = await anna.api.post<{ id: number }>('/api/reports', {
    description: 'La pagina non carica',
  });
  const none = await admin.get<Evidence>(`/api/admin/reports/${problem.body.id}/evidence`);
  expect(none.body).toEqual({ reportedMessage: null, messages: [], otherReports: [] });
  expect((await admin.get('/api/admin/reports/999999/evidence')).status).toBe(404);
});

test("'Risolto' is a state of its own, and the reporter reads the outcome of their reports, nobody else's", async () => {
  const [anna, bruno, carla] = await Promise.all([
    registeredUser(server.url),
    registeredUser(server.url),
    registeredUser(server.url),
  ]);
  const report = await anna.api.post<{ id: number }>(`/api/users/${bruno.id}/report`, { reason: 'Insulti' });
  let mine = await anna.api.get<MyReport[]>('/api/user/reports');
  expect(mine.body).toEqual([
    expect.objectContaining({ id: report.body.id, reported_username: bruno.nickname, outcome: 'in_esame' }),
  ]);

  const solved = await admin.put<{ status: string }>(`/api/admin/reports/${report.body.id}`, {
    status: 'risolto',
  });
  expect(solved).toMatchObject({ status: 200, body: { status: 'risolto' } });
  mine = await anna.api.get<MyReport[]>('/api/user/reports');
  expect(mine.body[0]).toMatchObject({ status: 'risolto', outcome: 'risolto' });

  // Deactivated meanwhile: the reporter learns the account was suspended, not who did what else.
  await admin.patch(`/api/admin/users/${bruno.id}/toggle-status`, { is_active: false });
  mine = await anna.api.get<MyReport[]>('/api/user/reports');
  expect(mine.body[0]).toMatchObject({ outcome: 'sospeso' });
  expect((await carla.api.get<MyReport[]>('/api/user/reports')).body).toEqual([]);
  expect((await bruno.api.get<MyReport[]>('/api/user/reports')).status).toBe(401);
});
