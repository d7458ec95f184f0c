import { type ApiClient, apiClient } from './api-client.ts';
import { TEST_ADMIN } from './test-server.ts';

/** Logs `api` in as the test servers' administrator. */
export async function logInAsAdmin(api: ApiClient) {
  const response = await api.post('/api/auth/login', TEST_ADMIN);
  if (response.status !== 200) throw new Error(`admin login failed: ${JSON.stringify(response.body)}`);
  return api;
}

/** A client logged in as the test servers' administrator. */
export async function adminClient(baseUrl: string) {
  return logInAsAdmin(apiClient(baseUrl));
}
