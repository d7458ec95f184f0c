import { type ApiClient, apiClient } from './api-client.ts';
import { adminSessionCookie } from './session-cookies.ts';
import { TEST_ADMIN } from './test-server.ts';

type Server = { url: string; databaseUrl: string };

/** Gives `api` a session of the test servers' administrator, by cookie (logging in is not the subject). */
export async function logInAsAdmin(api: ApiClient, server: Server) {
  api.cookie = await adminSessionCookie(server);
  return api;
}

/** A client logged in as the test servers' administrator. */
export async function adminClient(server: Server) {
  return logInAsAdmin(apiClient(server), server);
}

/** The administrator through the login call, for an app process whose session secret is its own. */
export async function adminClientByLogin(url: string) {
  const api = apiClient(url);
  const response = await api.post('/api/auth/login', TEST_ADMIN);
  if (response.status !== 200) throw new Error(`admin login failed: ${JSON.stringify(response.body)}`);
  return api;
}
