import { Writable } from 'node:stream';
import { expect, test } from 'vitest';
import { logLines } from '../../test/support/log-lines.ts';
import { createLogger } from './logger.ts';

test('cookies, authorization headers and passwords never reach the log', async () => {
  const log = logLines();
  const logger = await createLogger({ NODE_ENV: 'production', LOG_LEVEL: 'info' }, log.destination);
  logger.info(
    {
      req: {
        headers: { cookie: 'sf_session=sealed', authorization: 'Bearer token-1', 'user-agent': 'Prova/1.0' },
      },
      res: { headers: { 'set-cookie': 'sf_session=sealed-too' } },
      input: {
        nickname: 'MARIO',
        password: 'segreto-1',
        currentPassword: 'segreto-2',
        newPassword: 'segreto-3',
      },
      password: 'segreto-4',
    },
    'a request with secrets',
  );
  expect(log.text).not.toMatch(/sealed|token-1|segreto/);
  expect(log.lines[0]).toMatchObject({
    msg: 'a request with secrets',
    req: { headers: { cookie: '[redacted]', authorization: '[redacted]', 'user-agent': 'Prova/1.0' } },
    input: { nickname: 'MARIO', password: '[redacted]' },
  });
});

test('JSON lines in production; a level of info unless LOG_LEVEL says otherwise', async () => {
  const log = logLines();
  const logger = await createLogger({ NODE_ENV: 'production', LOG_LEVEL: undefined }, log.destination);
  logger.debug('hidden');
  logger.info('shown');
  expect(log.lines).toEqual([expect.objectContaining({ level: 30, msg: 'shown' })]);
});

test('pino-pretty in development: one readable line, no JSON', async () => {
  const chunks: string[] = [];
  const logger = await createLogger(
    { NODE_ENV: 'development', LOG_LEVEL: undefined },
    new Writable({
      write(chunk, _encoding, done) {
        chunks.push(String(chunk));
        done();
      },
    }),
  );
  logger.info({ password: 'segreto-5' }, 'Scambio Figurine è pronto');
  const text = chunks.join('');
  expect(text).toMatch(/INFO.*Scambio Figurine è pronto/);
  expect(text).not.toMatch(/^\{/);
  expect(text).not.toContain('segreto-5');
});
