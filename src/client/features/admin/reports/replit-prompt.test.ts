import { expect, test } from 'vitest';
import { buildReplitPrompt } from './replit-prompt.ts';

const report = {
  id: 7,
  type: 'network_error',
  description: 'Errore del server 500: GET /trpc/albums.list',
  page: '/album',
  url: 'http://localhost:3000/album',
  error_details: '{"status":500,"body":"guasto"}',
  username: 'MARIO',
  user_agent: 'Mozilla/5.0 Prova',
  status: 'nuovo',
  priority: 'alta',
  created_at: '2026-11-22T08:00:00.000Z',
};

test('the prompt carries every field of the report, the details indented', () => {
  const prompt = buildReplitPrompt([report]);
  expect(prompt).toContain('Scambio Figurine');
  expect(prompt).toContain('## Segnalazione 1 di 1 (#7)');
  for (const line of [
    '- Tipo: Errore di rete (network_error)',
    '- Stato: Nuovo',
    '- Priorità: Alta',
    '- Data: 2026-11-22T08:00:00.000Z',
    '- Pagina: /album',
    '- URL: http://localhost:3000/album',
    '- Utente: MARIO',
    '- Browser: Mozilla/5.0 Prova',
    'Errore del server 500: GET /trpc/albums.list',
    '```\n{\n  "status": 500,\n  "body": "guasto"\n}\n```',
  ]) {
    expect(prompt).toContain(line);
  }
});

test('several reports come in the order selected; missing fields say so', () => {
  const anonymous = {
    ...report,
    id: 9,
    type: 'user',
    description: 'La chat non si apre',
    page: null,
    url: null,
    error_details: null,
    username: null,
    user_agent: null,
  };
  const prompt = buildReplitPrompt([report, anonymous]);
  expect(prompt.indexOf('(#7)')).toBeLessThan(prompt.indexOf('(#9)'));
  const second = prompt.slice(prompt.indexOf('## Segnalazione 2 di 2 (#9)'));
  expect(second).toContain('- Tipo: Segnalazione utente (user)');
  expect(second).toContain('- Pagina: non indicata');
  expect(second).toContain('- Utente: Anonimo');
  expect(second).toContain('La chat non si apre');
  expect(second).not.toContain('Dettagli errore');
});
