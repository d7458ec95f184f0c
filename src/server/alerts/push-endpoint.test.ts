import { expect, test } from 'vitest';
import { loadEnv } from '../env.ts';
import { isAllowedPushEndpoint } from './push-endpoint.ts';

test("the browsers' push services are allowed, over https on the standard port only", () => {
  for (const endpoint of [
    'https://fcm.googleapis.com/fcm/send/abc:def',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAA',
    'https://web.push.apple.com/QGx0',
    'https://wns2-db5p.notify.windows.com/w/?token=AwY',
  ]) {
    expect(isAllowedPushEndpoint(endpoint, []), endpoint).toBe(true);
  }
  for (const endpoint of [
    'http://fcm.googleapis.com/fcm/send/abc',
    'https://fcm.googleapis.com:8443/fcm/send/abc',
    'https://user:pw@fcm.googleapis.com/fcm/send/abc',
    'https://fcm.googleapis.com.evil.example/x',
    'https://evilpush.apple.com/x',
    'https://127.0.0.1/push',
    'https://10.0.0.5/push',
    'https://[::1]/push',
    'https://169.254.169.254/latest/meta-data',
    'https://localhost/push',
    'file:///etc/passwd',
    'not a url',
  ]) {
    expect(isAllowedPushEndpoint(endpoint, []), endpoint).toBe(false);
  }
});

test('PUSH_ENDPOINT_HOSTS adds hosts with their port; plain http only where the entry says so', () => {
  const extra = loadEnv({
    PUSH_ENDPOINT_HOSTS: '127.0.0.1:4100, http://127.0.0.1:4200,push.example.it',
  }).PUSH_ENDPOINT_HOSTS;
  expect(isAllowedPushEndpoint('https://127.0.0.1:4100/push/a', extra)).toBe(true);
  expect(isAllowedPushEndpoint('http://127.0.0.1:4100/push/a', extra)).toBe(false);
  expect(isAllowedPushEndpoint('http://127.0.0.1:4200/push/a', extra)).toBe(true);
  expect(isAllowedPushEndpoint('http://127.0.0.1:4201/push/a', extra)).toBe(false);
  expect(isAllowedPushEndpoint('https://push.example.it/a', extra)).toBe(true);
  expect(() => loadEnv({ PUSH_ENDPOINT_HOSTS: 'http://a b' })).toThrow(/PUSH_ENDPOINT_HOSTS/);
});
