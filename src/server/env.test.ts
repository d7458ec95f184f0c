import path from 'node:path';
import { expect, test } from 'vitest';
import { TEST_VAPID } from '../../test/support/production-env.ts';
import { loadEnv, serverPort } from './env.ts';

test('defaults: port 3000, ./data, demo seeding on, no proxy trust', () => {
  const env = loadEnv({});
  expect(env).toMatchObject({ PORT: 3000, SEED_DEMO: '1', TRUST_PROXY: false, NODE_ENV: 'development' });
  expect(env.dataDir).toBe(path.resolve('data'));
});

test('admin nickname is uppercased and must come with a password', () => {
  expect(loadEnv({ ADMIN_NICKNAME: 'boss', ADMIN_PASSWORD: 'segreto1' }).ADMIN_NICKNAME).toBe('BOSS');
  expect(() => loadEnv({ ADMIN_NICKNAME: 'boss' })).toThrow(/must be set together/);
  expect(() => loadEnv({ ADMIN_NICKNAME: 'no-no', ADMIN_PASSWORD: 'segreto1' })).toThrow(
    /1-8 letters or digits/,
  );
});

test('bad values are refused, naming the variable', () => {
  expect(() => loadEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  expect(() => loadEnv({ PORT: '99999' })).toThrow(/PORT/);
  expect(() => loadEnv({ SEED_DEMO: 'yes' })).toThrow(/SEED_DEMO/);
  expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET is required in production/);
  expect(
    loadEnv({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), EMBEDDED_DB: '1', ...TEST_VAPID })
      .NODE_ENV,
  ).toBe('production');
});

test('empty strings count as unset', () => {
  expect(loadEnv({ DATABASE_URL: '', SESSION_SECRET: '' })).toMatchObject({
    DATABASE_URL: undefined,
    SESSION_SECRET: undefined,
  });
});

test('TRUST_PROXY: hops or proxy addresses, never a blanket trust', () => {
  expect(loadEnv({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
  expect(loadEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
  expect(loadEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
  expect(loadEnv({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' }).TRUST_PROXY).toEqual(['10.0.0.1', '10.1.0.0/16']);
  expect(() => loadEnv({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
});

test('registration limit: 20 an hour by default, 0 turns it off', () => {
  expect(loadEnv({}).REGISTRATION_LIMIT_PER_HOUR).toBe(20);
  expect(loadEnv({ REGISTRATION_LIMIT_PER_HOUR: '0' }).REGISTRATION_LIMIT_PER_HOUR).toBe(0);
  expect(() => loadEnv({ REGISTRATION_LIMIT_PER_HOUR: '-1' })).toThrow(/REGISTRATION_LIMIT_PER_HOUR/);
});

const PRODUCTION = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), ...TEST_VAPID };

test('DRAIN_DELAY_MS: 5 s in production, 0 elsewhere (a restart in development waits for nothing)', () => {
  expect(loadEnv({}).DRAIN_DELAY_MS).toBe(0);
  expect(loadEnv({ NODE_ENV: 'test' }).DRAIN_DELAY_MS).toBe(0);
  expect(loadEnv({ ...PRODUCTION, EMBEDDED_DB: '1' }).DRAIN_DELAY_MS).toBe(5000);
  expect(loadEnv({ ...PRODUCTION, EMBEDDED_DB: '1', DRAIN_DELAY_MS: '' }).DRAIN_DELAY_MS).toBe(5000);
  expect(loadEnv({ ...PRODUCTION, EMBEDDED_DB: '1', DRAIN_DELAY_MS: '0' }).DRAIN_DELAY_MS).toBe(0);
  expect(loadEnv({ DRAIN_DELAY_MS: '1500' }).DRAIN_DELAY_MS).toBe(1500);
  expect(() => loadEnv({ DRAIN_DELAY_MS: '-1' })).toThrow(/DRAIN_DELAY_MS/);
  expect(() => loadEnv({ DRAIN_DELAY_MS: 'soon' })).toThrow(/DRAIN_DELAY_MS/);
});

test('production refuses the embedded database unless EMBEDDED_DB=1 chooses it', () => {
  expect(() => loadEnv(PRODUCTION)).toThrow(/set DATABASE_URL, or EMBEDDED_DB=1/);
  expect(loadEnv({ ...PRODUCTION, EMBEDDED_DB: '1' })).toMatchObject({ EMBEDDED_DB: '1' });
  const external = loadEnv({ ...PRODUCTION, DATABASE_URL: 'postgres://db.example/figurine' });
  expect(external.DATABASE_URL).toBe('postgres://db.example/figurine');
});

test('EMBEDDED_DB and DATABASE_URL say one thing: one database or the other', () => {
  expect(() => loadEnv({ EMBEDDED_DB: '1', DATABASE_URL: 'postgres://db.example/figurine' })).toThrow(
    /EMBEDDED_DB=1 and DATABASE_URL/,
  );
  expect(() => loadEnv({ EMBEDDED_DB: '0' })).toThrow(/EMBEDDED_DB=0 needs DATABASE_URL/);
  expect(() => loadEnv({ EMBEDDED_DB: 'yes' })).toThrow(/EMBEDDED_DB/);
  // Development keeps its silent default: the embedded database in DATA_DIR.
  expect(loadEnv({}).DATABASE_URL).toBeUndefined();
});

test('DIRECT_DATABASE_URL goes with DATABASE_URL; the pools have sizes of their own', () => {
  expect(() => loadEnv({ DIRECT_DATABASE_URL: 'postgres://db.example/figurine' })).toThrow(
    /DIRECT_DATABASE_URL goes with DATABASE_URL/,
  );
  const bounced = loadEnv({
    DATABASE_URL: 'postgres://pgbouncer.example:6432/figurine',
    DIRECT_DATABASE_URL: 'postgres://db.example/figurine',
    DATABASE_POOL_MAX: '20',
  });
  expect(bounced).toMatchObject({ DATABASE_POOL_MAX: 20, DATABASE_QUERY_POOL_MAX: 4 });
  expect(() => loadEnv({ DATABASE_POOL_MAX: '0' })).toThrow(/DATABASE_POOL_MAX/);
});

test('serverPort reads PORT alone, as the Vite dev proxy needs it', () => {
  expect(serverPort({})).toBe(3000);
  expect(serverPort({ PORT: '4123', NODE_ENV: 'production' })).toBe(4123);
  expect(() => serverPort({ PORT: 'tremila' })).toThrow(/PORT/);
});

test('Web Push: production needs the VAPID keys and a mailto:/https: subject; elsewhere they are optional', () => {
  const production = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), EMBEDDED_DB: '1' };
  expect(() => loadEnv(production)).toThrow(
    /VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT are required/,
  );
  expect(() => loadEnv({ ...production, ...TEST_VAPID, VAPID_SUBJECT: 'operatore@example.it' })).toThrow(
    /VAPID_SUBJECT must be a mailto: address or an https: URL/,
  );
  expect(
    loadEnv({ ...production, ...TEST_VAPID, VAPID_SUBJECT: 'https://figurine.example.it' }),
  ).toMatchObject({
    VAPID_SUBJECT: 'https://figurine.example.it',
  });
  expect(() => loadEnv({ VAPID_PUBLIC_KEY: TEST_VAPID.VAPID_PUBLIC_KEY })).toThrow(/must be set together/);
  expect(() => loadEnv({ ...TEST_VAPID, VAPID_PRIVATE_KEY: 'short' })).toThrow(/VAPID_PRIVATE_KEY/);
  expect(loadEnv({}).VAPID_PUBLIC_KEY).toBeUndefined();
});

test('PUSH_ENDPOINT_HOSTS: host[:port] entries, http:// where plain http is allowed', () => {
  expect(loadEnv({}).PUSH_ENDPOINT_HOSTS).toEqual([]);
  expect(
    loadEnv({ PUSH_ENDPOINT_HOSTS: 'push.example.it, http://127.0.0.1:4100' }).PUSH_ENDPOINT_HOSTS,
  ).toEqual([
    { host: 'push.example.it', http: false },
    { host: '127.0.0.1:4100', http: true },
  ]);
  expect(() => loadEnv({ PUSH_ENDPOINT_HOSTS: 'ftp://x' })).toThrow(/PUSH_ENDPOINT_HOSTS/);
});

test('PASSWORD_HASH_COST: owasp by default; the cheap test setting is refused outside NODE_ENV=test', () => {
  expect(loadEnv({}).PASSWORD_HASH_COST).toBe('owasp');
  expect(loadEnv({ NODE_ENV: 'test', PASSWORD_HASH_COST: 'test' }).PASSWORD_HASH_COST).toBe('test');
  const refusal = /PASSWORD_HASH_COST=test makes passwords cheap to crack/;
  expect(() => loadEnv({ PASSWORD_HASH_COST: 'test' })).toThrow(refusal);
  expect(() => loadEnv({ ...PRODUCTION, EMBEDDED_DB: '1', PASSWORD_HASH_COST: 'test' })).toThrow(refusal);
  expect(() => loadEnv({ NODE_ENV: 'test', PASSWORD_HASH_COST: 'md5' })).toThrow(/PASSWORD_HASH_COST/);
});

test("QUIET_HOURS_DEFAULT: 21:00-08:00 unless the operator says otherwise, 'none' for no quiet hours; anything else refused", () => {
  expect(loadEnv({}).QUIET_HOURS_DEFAULT).toBe('21:00-08:00');
  expect(loadEnv({ QUIET_HOURS_DEFAULT: 'none' }).QUIET_HOURS_DEFAULT).toBe('none');
  expect(loadEnv({ QUIET_HOURS_DEFAULT: '22:30-07:00' }).QUIET_HOURS_DEFAULT).toBe('22:30-07:00');
  expect(() => loadEnv({ QUIET_HOURS_DEFAULT: '25:00-08:00' })).toThrow(/QUIET_HOURS_DEFAULT/);
});
