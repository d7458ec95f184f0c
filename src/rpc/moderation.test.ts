import crypto from 'node:crypto';
import { beforeAll, expect, test } from 'vitest';
import { adminClient } from '../../test/support/admin-client.ts';
import { type ApiClient, apiClient, registeredUser } from '../../test/support/api-client.ts';
import { matchedPair } from '../../test/support/collectors.ts';
import { MAIL_PUBLIC_URL, setUpServerWithMail } from '../../test/support/server-with-mail.ts';
import { tokenOfLink } from '../../test/support/smtp-server.ts';
import { sql } from '../../test/support/sql.ts';
import { TERMS_RULES } from './schemas/moderation.ts';

/*
 * Issue 47, row 3: the admin's decisions on a report, each with a rule and a sentence, reaching the person
 * affected (in the app and by mail) and the reporter (the outcome); the appeal, once, reopening the
 * report; the step to the authorities with its export; a deleted reported account's reference and bar.
 */
const { smtp, server } = setUpServerWithMail();
let admin: ApiClient;
beforeAll(async () => {
  admin = await adminClient(server);
});

let addresses = 0;
const freshAddress = () => `moderazione.${process.pid}.${++addresses}@example.it`;
async function withVerifiedAddress(user: { api: ApiClient }) {
  const address = freshAddress();
  expect((await user.api.put('/api/user/email', { email: address })).status).toBe(200);
  const [mail] = await smtp.waitForMails(address);
  const token = tokenOfLink(mail?.text ?? '', '/verifica-email');
  expect((await user.api.post('/api/auth/verify-email', { token })).status).toBe(200);
  return address;
}

type Statement = {
  id: number;
  action: string;
  rule: string | null;
  reason: string;
  message: string | null;
  until: string | null;
  contestedAt: string | null;
  contestable: boolean;
};
type Message = { id: number; content: string; hidden?: true };
type ReportRow = { id: number; status: string; priority: string };

const reportRow = async (id: number) =>
  (await admin.get<{ reports: ReportRow[] }>('/api/admin/reports?limit=100')).body.reports.find(
    (report) => report.id === id,
  );
const decide = (reportId: number, body: object) =>
  admin.post<{ id: number; message?: string }>(`/api/admin/reports/${reportId}/decision`, body);

test('a hidden message: the chat reads «Messaggio rimosso», its author gets the reasons and contests once, the report opens again, a revocation shows it again', async () => {
  const { anna, bruno, matchId } = await matchedPair(server);
  const [annaMail, brunoMail] = await Promise.all([withVerifiedAddress(anna), withVerifiedAddress(bruno)]);
  const sent = await bruno.api.post<Message>(`/api/matches/${matchId}/messages`, {
    content: 'Sei proprio uno stupido collezionista',
  });
  const report = await anna.api.post<{ id: number }>(`/api/messages/${sent.body.id}/report`, {
    category: 'molestie',
  });

  // The decision's rules: a rule and a sentence; only an admin; the message only on a message's report.
  const refused = await decide(report.body.id, { action: 'nascondi', reason: 'Insulto' });
  expect(refused.status).toBe(400);
  expect(refused.body.message).toMatch(/almeno una frase|regola dei Termini/);
  expect(
    (await decide(report.body.id, { action: 'limita', rule: 'rispetto', reason: 'Insulti in chat' })).body,
  ).toMatchObject({ message: 'Indica per quanti giorni' });
  expect(
    (
      await anna.api.post(`/api/admin/reports/${report.body.id}/decision`, {
        action: 'archivia',
        reason: 'x'.repeat(20),
      })
    ).status,
  ).toBe(403);
  expect((await decide(999_999, { action: 'archivia', reason: 'Nessuna violazione trovata' })).status).toBe(
    404,
  );
  expect(
    (await decide(report.body.id, { action: 'conferma', reason: 'Confermo la decisione presa' })).body
      .message,
  ).toBe("Non c'è una decisione contestata a cui rispondere");

  const reason = 'Gli insulti non sono ammessi, nemmeno per scherzo.';
  const hidden = await decide(report.body.id, { action: 'nascondi', rule: 'rispetto', reason });
  expect(hidden.status).toBe(201);
  const decisionId = hidden.body.id;

  // Both read 'Messaggio rimosso', on Home's preview too; the words stay for the admin.
  for (const reader of [anna, bruno]) {
    const messages = await reader.api.get<Message[]>(`/api/matches/${matchId}/messages`);
    expect(messages.body.find((message) => message.id === sent.body.id)).toMatchObject({
      content: '',
      hidden: true,
    });
    const home =
      await reader.api.get<{ id: number; lastMessage?: string | null; last_message?: unknown }[]>(
        '/api/matches',
      );
    expect(JSON.stringify(home.body)).toContain('Messaggio rimosso');
    expect(JSON.stringify(home.body)).not.toContain('stupido');
  }
  expect(await reportRow(report.body.id)).toMatchObject({ status: 'risolto' });

  // The author's statement of reasons, by mail and in the app; the reporter's outcome, without the words.
  const statementMail = (await smtp.waitForMails(brunoMail, 2))[1];
  expect(statementMail?.subject).toBe('Un tuo messaggio è stato rimosso');
  expect(statementMail?.text).toContain(TERMS_RULES.rispetto);
  expect(statementMail?.text).toContain(reason);
  expect(statementMail?.text).toContain('«Sei proprio uno stupido collezionista»');
  expect(statementMail?.text).toContain(`${MAIL_PUBLIC_URL}/decisioni/${decisionId}?token=`);
  const token = tokenOfLink(statementMail?.text ?? '', `/decisioni/${decisionId}`);
  const outcome = (await smtp.waitForMails(annaMail, 2))[1];
  expect(outcome?.subject).toBe('La tua segnalazione è stata esaminata');
  expect(outcome?.text).toContain(`su ${bruno.nickname}`);
  expect(outcome?.text).toContain('il messaggio è stato rimosso');
  expect(outcome?.text).not.toContain(reason);
  const annaReports = await anna.api.get<{ id: number; outcome: string }[]>('/api/user/reports');
  expect(annaReports.body.find((mine) => mine.id === report.body.id)?.outcome).toBe('nascondi');

  const mine = await bruno.api.get<Statement[]>('/api/user/decisions');
  expect(mine.body).toEqual([
    expect.objectContaining({
      id: decisionId,
      action: 'nascondi',
      rule: 'rispetto',
      reason,
      message: 'Sei proprio uno stupido collezionista',
      contestable: true,
    }),
  ]);
  // Somebody else's statement does not exist for them; the mail's link opens it without a session.
  expect((await anna.api.get(`/api/decisions/${decisionId}`)).status).toBe(404);
  expect((await anna.api.get(`/api/decisions/${decisionId}?token=${'x'.repeat(32)}`)).status).toBe(404);
  const stranger = apiClient(server);
  expect((await stranger.get(`/api/decisions/${decisionId}`)).status).toBe(404);
  expect((await stranger.get<Statement>(`/api/decisions/${decisionId}?token=${token}`)).body).toMatchObject({
    id: decisionId,
    contestable: true,
  });

  // 'Contesta la decisione', once, from the link; the report is open again, first in the list.
  expect(
    (await anna.api.post(`/api/decisions/${decisionId}/contest`, { text: 'Non è giusto affatto' })).status,
  ).toBe(404);
  expect((await stranger.post(`/api/decisions/${decisionId}/contest`, { token, text: 'corto' })).status).toBe(
    400,
  );
  const contested = await stranger.post<Statement>(`/api/decisions/${decisionId}/contest`, {
    token,
    text: 'Era uno scherzo tra amici, ci conosciamo da anni.',
  });
  expect(contested.body).toMatchObject({ contestable: false, contestedAt: expect.any(String) });
  const again = await bruno.api.post<{ message: string }>(`/api/decisions/${decisionId}/contest`, {
    text: 'Ci riprovo con altre parole',
  });
  expect(again).toMatchObject({
    status: 409,
    body: { message: 'Hai già contestato questa decisione: la stiamo riesaminando' },
  });
  expect(await reportRow(report.body.id)).toMatchObject({ status: 'aperto', priority: 'alta' });
  const review = await admin.get<{ decisions: { action: string; contestText: string | null }[] }>(
    `/api/admin/reports/${report.body.id}/decisions`,
  );
  expect(review.body.decisions).toEqual([
    expect.objectContaining({
      action: 'nascondi',
      contestText: 'Era uno scherzo tra amici, ci conosciamo da anni.',
    }),
  ]);

  // The other look: revoked, the message reads again, the author is told; the answer is not contestable.
  const revoked = await decide(report.body.id, {
    action: 'revoca',
    reason: 'Dopo la contestazione: era uno scherzo.',
  });
  expect(revoked.status).toBe(201);
  const messages = await anna.api.get<Message[]>(`/api/matches/${matchId}/messages`);
  expect(messages.body.find((message) => message.id === sent.body.id)).toEqual(
    expect.not.objectContaining({ hidden: true }),
  );
  expect((await smtp.waitForMails(brunoMail, 3))[2]?.subject).toBe('La decisione è stata revocata');
  const answer = await bruno.api.post<{ message: string }>(`/api/decisions/${revoked.body.id}/contest`, {
    text: 'Contesto anche la revoca',
  });
  expect(answer).toMatchObject({ status: 400, body: { message: 'Questa decisione non si può contestare' } });
});

test('limit, suspend and deactivate: what each stops, until when, and the login that says so', async () => {
  const { anna, bruno, album } = await matchedPair(server);
  const carla = await registeredUser(server.url);
  const brunoMail = await withVerifiedAddress(bruno);
  const reportBruno = async () =>
    (
      await anna.api.post<{ id: number }>(`/api/users/${bruno.id}/report`, {
        reason: 'Chiede soldi per le figurine',
      })
    ).body.id;

  // Limited for 3 days: no new chat, no proposal; the chat they have goes on.
  const limited = await decide(await reportBruno(), {
    action: 'limita',
    rule: 'niente_vendita',
    reason: 'Hai chiesto denaro in cambio di figurine.',
    days: 3,
  });
  expect(limited.status).toBe(201);
  const newChat = await bruno.api.post<{ message: string }>('/api/matches', { user2Id: carla.id });
  expect(newChat.status).toBe(403);
  expect(newChat.body.message).toMatch(
    /^Il tuo account è limitato fino al \d+ \w+ \d{4} alle \d\d:\d\d: non puoi aprire nuove chat né proporre scambi$/,
  );
  const proposal = await bruno.api.post<{ message: string }>('/api/swaps', {
    toUserId: anna.id,
    albumId: album.id,
    give: ['1'],
    receive: ['2'],
  });
  expect(proposal).toMatchObject({ status: 403, body: { message: newChat.body.message } });
  expect((await bruno.api.post('/api/matches', { user2Id: anna.id })).status).toBe(200);
  const [statement] = (await bruno.api.get<Statement[]>('/api/user/decisions')).body;
  expect(statement).toMatchObject({ action: 'limita', rule: 'niente_vendita', until: expect.any(String) });
  const days = (Date.parse(statement?.until ?? '') - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(2.99);
  expect(days).toBeLessThan(3.01);

  // Suspended for 7 days: the session ends, the login says until when; once past, the login lets them in.
  const suspended = await decide(await reportBruno(), {
    action: 'sospendi',
    rule: 'niente_vendita',
    reason: 'Di nuovo richieste di denaro dopo il limite.',
    days: 7,
  });
  expect(suspended.status).toBe(201);
  expect((await bruno.api.get('/api/auth/me')).status).toBe(401);
  const login = await apiClient(server).post<{ message: string }>('/api/auth/login', {
    nickname: bruno.nickname,
    password: bruno.password,
  });
  expect(login.status).toBe(403);
  expect(login.body.message).toMatch(
    /^Il tuo account è sospeso fino al .+\. Ti abbiamo scritto le motivazioni e come contestarle\.$/,
  );
  await sql(
    server.databaseUrl,
    "update app_user set suspended_until = now() - interval '1 minute' where id = $1",
    [bruno.id],
  );
  const back = apiClient(server);
  expect(
    (await back.post('/api/auth/login', { nickname: bruno.nickname, password: bruno.password })).status,
  ).toBe(200);
  expect((await back.get('/api/auth/me')).status).toBe(200);

  // Deactivated: no end; the login says so as before.
  expect(
    (
      await decide(await reportBruno(), {
        action: 'disattiva',
        rule: 'niente_vendita',
        reason: 'Terza volta: account chiuso.',
      })
    ).status,
  ).toBe(201);
  // Each decision reached Bruno by mail: what, until when, which rule, the words, and the link to contest.
  const mails = (await smtp.waitForMails(brunoMail, 4)).slice(1);
  expect(mails.map((mail) => mail.subject)).toEqual([
    'Il tuo account è limitato',
    'Il tuo account è sospeso',
    'Il tuo account è stato disattivato',
  ]);
  expect(mails[0]?.text).toMatch(/Il tuo account è limitato fino al \d+ \w+ \d{4} alle \d\d:\d\d\./);
  expect(mails[1]?.text).toContain('Di nuovo richieste di denaro dopo il limite.');
  for (const mail of mails) {
    expect(mail.text).toContain(TERMS_RULES.niente_vendita);
    expect(mail.text).toContain(`${MAIL_PUBLIC_URL}/decisioni/`);
  }
  const closed = await apiClient(server).post<{ message: string }>('/api/auth/login', {
    nickname: bruno.nickname,
    password: bruno.password,
  });
  expect(closed).toMatchObject({
    status: 403,
    body: { message: 'Questo account è stato disattivato. Contatta il supporto.' },
  });

  // A report naming nobody has nothing to decide on; 'nascondi' needs a reported message.
  const problem = await anna.api.post<{ id: number }>('/api/reports', {
    description: 'La pagina non carica',
  });
  expect(
    (await decide(problem.body.id, { action: 'archivia', reason: 'Non riguarda nessuno' })).body.message,
  ).toBe('Questa segnalazione non riguarda un collezionista');
  const onProfile = await carla.api.post<{ id: number }>(`/api/users/${anna.id}/report`, {
    reason: 'Non risponde mai',
  });
  expect(
    (
      await decide(onProfile.body.id, {
        action: 'nascondi',
        rule: 'rispetto',
        reason: 'Nascondo il messaggio',
      })
    ).body.message,
  ).toBe('Questa segnalazione non riguarda un messaggio');
  expect(
    (await decide(onProfile.body.id, { action: 'archivia', reason: 'Non rispondere non è una violazione.' }))
      .status,
  ).toBe(201);
  expect((await anna.api.get<Statement[]>('/api/user/decisions')).body).toEqual([]);
});

test('a threat goes to the authorities with its evidence; a deleted reported account keeps its reference, and its address can be barred', async () => {
  const { anna, bruno, matchId } = await matchedPair(server);
  const brunoMail = await withVerifiedAddress(bruno);
  await anna.api.post(`/api/matches/${matchId}/messages`, { content: 'Ciao, facciamo lo scambio?' });
  const threat = await bruno.api.post<Message>(`/api/matches/${matchId}/messages`, {
    content: 'So dove abiti, stai attento',
  });
  const report = await anna.api.post<{ id: number }>(`/api/messages/${threat.body.id}/report`, {
    category: 'molestie',
    text: 'Mi ha minacciato',
  });
  const id = report.body.id;

  expect((await admin.get<{ message: string }>(`/api/admin/reports/${id}/export`)).body.message).toBe(
    'Prima segna la segnalazione come inoltrata alle autorità',
  );
  expect((await anna.api.post(`/api/admin/reports/${id}/forward`, {})).status).toBe(403);
  expect((await admin.post(`/api/admin/reports/${id}/forward`, {})).status).toBe(200);
  expect(await reportRow(id)).toMatchObject({ priority: 'alta' });

  // Bruno deletes the account: the report keeps who it was, the evidence and the chat stay exportable.
  expect(
    (await bruno.api.request('DELETE', '/api/user', { json: { password: bruno.password } })).status,
  ).toBe(200);
  const hash = crypto.createHash('sha256').update(brunoMail).digest('hex');
  const review = await admin.get<{ forwardedAt: string | null; reportedReference: unknown }>(
    `/api/admin/reports/${id}/decisions`,
  );
  expect(review.body).toMatchObject({
    forwardedAt: expect.any(String),
    reportedReference: { nickname: bruno.nickname, emailHash: hash, barred: false },
  });
  const exported = await admin.get<{
    accounts: { role: string; nickname: string | null; emailHash: string | null; deletedAt: string | null }[];
    reportedMessage: { message: { content: string } };
    messages: { sender: string; content: string; sentAt: string }[];
    report: { forwardedAt: string | null };
  }>(`/api/admin/reports/${id}/export`);
  expect(exported.status).toBe(200);
  expect(exported.body.accounts).toEqual([
    expect.objectContaining({ role: 'segnalante', nickname: anna.nickname, deletedAt: null }),
    expect.objectContaining({
      role: 'segnalato',
      nickname: bruno.nickname,
      emailHash: hash,
      deletedAt: expect.any(String),
    }),
  ]);
  expect(exported.body.reportedMessage.message.content).toBe('So dove abiti, stai attento');
  expect(exported.body.messages.map((message) => message.content)).toEqual([
    'Ciao, facciamo lo scambio?',
    'So dove abiti, stai attento',
  ]);
  expect(exported.body.messages.every((message) => !Number.isNaN(Date.parse(message.sentAt)))).toBe(true);
  // Limiting a deleted account means nothing.
  expect(
    (await decide(id, { action: 'limita', rule: 'rispetto', reason: 'Minacce a un collezionista', days: 30 }))
      .status,
  ).toBe(409);

  // Barred: a new account giving that address is answered as for any address, and gets no link.
  expect((await admin.post(`/api/admin/reports/${id}/bar`, {})).status).toBe(200);
  expect(
    (await admin.get<{ reportedReference: { barred: boolean } }>(`/api/admin/reports/${id}/decisions`)).body
      .reportedReference.barred,
  ).toBe(true);
  const again = await registeredUser(server.url);
  expect((await again.api.put('/api/user/email', { email: brunoMail })).status).toBe(200);
  const [notice] = (await smtp.waitForMails(brunoMail, 2)).slice(1);
  expect(notice?.subject).toBe('Questo indirizzo non può essere usato su Scambio Figurine');
  expect(notice?.text).not.toContain('/verifica-email');

  // A report about a deleted account that never went to the police forgets it after 90 days.
  const carla = await registeredUser(server.url);
  const dora = await registeredUser(server.url);
  const other = await carla.api.post<{ id: number }>(`/api/users/${dora.id}/report`, {
    reason: 'Profilo falso',
  });
  await dora.api.request('DELETE', '/api/user', { json: { password: dora.password } });
  await sql(
    server.databaseUrl,
    "update report set reported_deleted_at = now() - interval '91 days' where id = any($1::int[])",
    [[other.body.id, id]],
  );
  expect((await admin.post('/api/admin/maintenance/run', {})).status).toBe(200);
  const forgotten = await admin.get<{ reportedReference: unknown }>(
    `/api/admin/reports/${other.body.id}/decisions`,
  );
  expect(forgotten.body.reportedReference).toBeNull();
  const kept = await admin.get<{ reportedReference: unknown }>(`/api/admin/reports/${id}/decisions`);
  expect(kept.body.reportedReference).toMatchObject({ nickname: bruno.nickname });
});
