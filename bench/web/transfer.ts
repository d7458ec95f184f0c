/**
 * bench:web's byte count: what a first visit (empty cache) loads until the network is idle, counted with
 * Chromium's DevTools Protocol through playwright-core, at the phone size the e2e tests use.
 */
import type { Browser, Request } from 'playwright-core';
import { newPage, PHONE } from '../../e2e/support/browser.ts';

export type Bytes = { raw: number; compressed: number };
export type Transfer = { js: Bytes; css: Bytes; other: Bytes; requests: number };

function kindOf(request: Request, contentType: string): keyof Omit<Transfer, 'requests'> {
  const type = request.resourceType();
  if (type === 'script' || /javascript/.test(contentType)) return 'js';
  if (type === 'stylesheet' || contentType.startsWith('text/css')) return 'css';
  return 'other';
}

/** A first visit in a fresh context (empty cache): every response until the network is idle. */
export async function measureTransfer(
  browser: Browser,
  baseUrl: string,
  pathname: string,
  cookie?: string,
): Promise<Transfer> {
  const { context, page } = await newPage(browser, baseUrl, PHONE);
  try {
    if (cookie) {
      await context.addCookies(
        cookie.split('; ').map((pair) => {
          const at = pair.indexOf('=');
          return { name: pair.slice(0, at), value: pair.slice(at + 1), url: baseUrl };
        }),
      );
    }
    const counted: Promise<{ kind: keyof Omit<Transfer, 'requests'>; bytes: Bytes }>[] = [];
    page.on('requestfinished', (request) => {
      counted.push(
        (async () => {
          const response = await request.response();
          const contentType = (await response?.headerValue('content-type')) ?? '';
          const sizes = await request.sizes();
          const body = response ? await response.body().catch(() => Buffer.alloc(0)) : Buffer.alloc(0);
          return {
            kind: kindOf(request, contentType),
            bytes: { raw: body.byteLength, compressed: sizes.responseBodySize },
          };
        })(),
      );
    });
    await page.goto(pathname, { waitUntil: 'networkidle', timeout: 30_000 });
    const landed = new URL(page.url()).pathname;
    if (landed !== pathname) throw new Error(`${pathname} ended on ${landed}`);
    const transfer: Transfer = {
      js: { raw: 0, compressed: 0 },
      css: { raw: 0, compressed: 0 },
      other: { raw: 0, compressed: 0 },
      requests: 0,
    };
    for (const { kind, bytes } of await Promise.all(counted)) {
      transfer[kind].raw += bytes.raw;
      transfer[kind].compressed += bytes.compressed;
      transfer.requests += 1;
    }
    return transfer;
  } finally {
    await context.close();
  }
}
