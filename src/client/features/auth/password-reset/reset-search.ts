/** The search of /reimposta-password: the link's token, when there is one. */
export const validateResetSearch = (search: Record<string, unknown>): { token?: string } =>
  typeof search.token === 'string' && search.token !== '' ? { token: search.token } : {};
