import { beforeAll } from 'vitest';
import { logInAsAdmin } from '../../test/support/admin-client.ts';
import { apiClient } from '../../test/support/api-client.ts';
import { DESKTOP, type Device } from './browser.ts';
import type { setUpE2eApp } from './e2e-app.ts';

/**
 * The administrator of one e2e file: `admin`, an API client logged in as them, and desktops already on
 * their session. The panel's own login form is admin-shell's subject; the other tests start past it, with a
 * session made by cookie once per file (test/support/session-cookies.ts) that each test's browser context
 * gets.
 */
export function setUpAdmin(app: ReturnType<typeof setUpE2eApp>) {
  const admin = apiClient(app.server);
  beforeAll(async () => {
    await logInAsAdmin(admin, app.server);
  });

  /** A desktop on the administrator's session, with nothing opened yet (a test may route calls first). */
  async function adminDesktop(device: Device = DESKTOP) {
    return app.pageOf({ api: admin }, device);
  }

  /** The administrator on a desktop, on a section of the panel, once its heading shows. */
  async function adminOn(path: string, heading: string, device: Device = DESKTOP) {
    const opened = await adminDesktop(device);
    await opened.page.goto(path);
    await opened.page.getByRole('heading', { name: heading, exact: true }).waitFor();
    return opened;
  }

  return { admin, adminDesktop, adminOn };
}

/** A user's row header in 'Gestione Utenti': the nickname, then its badges and the age band (issue 45). */
export const nicknameFirst = (nickname: string) => new RegExp(`^${nickname}\\b`);
