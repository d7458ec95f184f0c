/** A push service the operator added (PUSH_ENDPOINT_HOSTS): its host and port, and whether plain http is allowed. */
export type ExtraPushHost = { host: string; http: boolean };

/**
 * The browsers' push services: Chrome's (Google FCM), Firefox's (Mozilla autopush), Safari's (Apple) and
 * Edge's (Windows WNS). A subscription may only point at one of these, over https on the standard port, so
 * the server never posts to an address of our network, or of anyone else's (SSRF).
 */
const KNOWN_HOSTS = ['fcm.googleapis.com', 'android.googleapis.com', 'updates.push.services.mozilla.com'];
const KNOWN_SUFFIXES = ['.push.apple.com', '.notify.windows.com', '.push.services.mozilla.com'];

const isKnown = (hostname: string) =>
  KNOWN_HOSTS.includes(hostname) || KNOWN_SUFFIXES.some((suffix) => hostname.endsWith(suffix));

/**
 * Whether the server may send to `endpoint`: https on a known push service, or a host of PUSH_ENDPOINT_HOSTS
 * (matched with its port; over http only where that entry says `http://`). No credentials in the URL.
 */
export function isAllowedPushEndpoint(endpoint: string, extraHosts: readonly ExtraPushHost[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  const extra = extraHosts.find((entry) => entry.host === url.host.toLowerCase());
  if (extra) return url.protocol === 'https:' || extra.http;
  return url.protocol === 'https:' && url.port === '' && isKnown(url.hostname.toLowerCase());
}

/**
 * PUSH_ENDPOINT_HOSTS as written: comma-separated `host[:port]` (https) or `http://host[:port]` (plain http
 * allowed too: a test's own push service on 127.0.0.1). Undefined: a malformed entry.
 */
export function parseExtraPushHosts(value: string): ExtraPushHost[] | undefined {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const parsed: ExtraPushHost[] = [];
  for (const entry of entries) {
    const http = entry.startsWith('http://');
    const hostPart = http ? entry.slice('http://'.length) : entry.replace(/^https:\/\//, '');
    if (!/^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-fA-F:]+\](:\d{1,5})?$/.test(hostPart)) return undefined;
    parsed.push({ host: hostPart.toLowerCase(), http });
  }
  return parsed;
}
