import type { ExtraPushHost } from '../env-variables.ts';

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
