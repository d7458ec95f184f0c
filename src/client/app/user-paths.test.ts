import { expect, test } from 'vitest';
import { isAdminPath, isChatPath } from './user-paths.ts';

test('every address beginning with /chat counts as a chat path, whatever its case or trailing slash', () => {
  for (const path of ['/chat', '/chat/', '/chat/1/extra', '/CHAT/12'])
    expect(isChatPath(path), path).toBe(true);
  for (const path of ['/', '/qualcosa', '/profile/chat', '/albumx'])
    expect(isChatPath(path), path).toBe(false);
});

test('admin paths are every path beginning with /admin', () => {
  expect(isAdminPath('/admin')).toBe(true);
  expect(isAdminPath('/admin/utenti')).toBe(true);
  expect(isAdminPath('/administrator')).toBe(true);
  expect(isAdminPath('/album')).toBe(false);
});
