import { expect, test } from 'vitest';
import { isAdminPath, isKnownUserPath } from './user-paths.ts';

test('the guard knows the user paths and anything under /chat', () => {
  for (const path of [
    '/',
    '/dashboard',
    '/album',
    '/match',
    '/profile',
    '/admin',
    '/chat/12',
    '/chat',
    '/profile/',
    '/PROFILE',
  ]) {
    expect(isKnownUserPath(path), path).toBe(true);
  }
  for (const path of ['/login', '/qualcosa', '/albums', '/profile/x', '/admin/users']) {
    expect(isKnownUserPath(path), path).toBe(false);
  }
});

test('admin paths are every path beginning with /admin', () => {
  expect(isAdminPath('/admin')).toBe(true);
  expect(isAdminPath('/admin/utenti')).toBe(true);
  expect(isAdminPath('/administrator')).toBe(true);
  expect(isAdminPath('/album')).toBe(false);
});
