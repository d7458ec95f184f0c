export type ApiResponse<T = unknown> = { status: number; body: T; headers: Headers };

type Body = unknown;

let clients = 0;

/**
 * A tiny HTTP client for the REST API that keeps its own cookie, like one browser would, and comes from
 * an IP address of its own (X-Forwarded-For: the test servers trust it), so per-IP limits hit by one test
 * do not leak into the next. `raw` sends a body exactly as given (malformed JSON, oversized payloads…).
 * `baseUrl` may be a server read at each request, so a client can be made before its server starts.
 */
export function apiClient(baseUrl: string | { readonly url: string }, options: { ip?: string } = {}) {
  let cookie: string | undefined;
  clients += 1;
  const ip =
    options.ip ?? `10.${(process.pid >> 8) % 256}.${Math.floor(clients / 256) % 256}.${clients % 256}`;

  async function request<T = Record<string, unknown>>(
    method: string,
    path: string,
    options: { json?: Body; raw?: string; headers?: Record<string, string> } = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { 'x-forwarded-for': ip, ...options.headers };
    if (cookie) headers.cookie = cookie;
    let body: string | undefined;
    if (options.raw !== undefined) body = options.raw;
    else if (options.json !== undefined) body = JSON.stringify(options.json);
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    const base = typeof baseUrl === 'string' ? baseUrl : baseUrl.url;
    const response = await fetch(new URL(path, base), { method, headers, body });
    const setCookie = response.headers.get('set-cookie');
    if (setCookie) {
      const pair = setCookie.split(';')[0] ?? '';
      cookie = pair.endsWith('=') ? undefined : pair;
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  return {
    request,
    get: <T = Record<string, unknown>>(path: string) => request<T>('GET', path),
    post: <T = Record<string, unknown>>(path: string, json?: Body) => request<T>('POST', path, { json }),
    put: <T = Record<string, unknown>>(path: string, json?: Body) => request<T>('PUT', path, { json }),
    patch: <T = Record<string, unknown>>(path: string, json?: Body) => request<T>('PATCH', path, { json }),
    delete: <T = Record<string, unknown>>(path: string, json?: Body) => request<T>('DELETE', path, { json }),
    get cookie() {
      return cookie;
    },
    set cookie(value: string | undefined) {
      cookie = value;
    },
  };
}

export type ApiClient = ReturnType<typeof apiClient>;

let counter = 0;
/** A fresh valid nickname (A–Z0–9, ≤ 8) per call within one test file. */
export function uniqueNickname(prefix = 'U'): string {
  counter += 1;
  return `${prefix}${process.pid % 1000}${counter}`.slice(0, 8).toUpperCase();
}

/** The birth month of the collectors tests register unless they say otherwise: an adult's. */
export const ADULT_BIRTH = { birthYear: 1990, birthMonth: 5 } as const;

/** Registers a collector and returns a client logged in as them. */
export async function registeredUser(
  baseUrl: string,
  overrides: Partial<{
    nickname: string;
    password: string;
    cap: string;
    comune: string;
    birthYear: number;
    birthMonth: number;
  }> = {},
) {
  const api = apiClient(baseUrl);
  const credentials = {
    nickname: uniqueNickname(),
    password: 'password1',
    cap: '20121',
    ...ADULT_BIRTH,
    ...overrides,
  };
  const response = await api.post<{ id: number }>('/api/auth/register', credentials);
  if (response.status !== 200) throw new Error(`registration failed: ${JSON.stringify(response.body)}`);
  return { api, id: response.body.id, ...credentials };
}
