import { afterAll, beforeAll } from 'vitest';
import webPush from 'web-push';
import { createAlbum, type TestAlbum } from './catalogue.ts';
import { startPushService, type TestPushService } from './push-service.ts';
import { readThrough } from './read-through.ts';
import { startTestServer, type TestServer } from './test-server.ts';

/**
 * Two app servers on one database, as production runs them (both run the job queue's workers), a push
 * service of the file's own that both may push to, with one VAPID key pair for both as production's env
 * gives them (a subscription is the deployment's), and an album of `stickers`: started in `beforeAll`,
 * closed in `afterAll`, each read through to the running one.
 */
export function setUpTwoServersWithPush({ stickers }: { stickers: number }) {
  let running: { push: TestPushService; first: TestServer; second: TestServer; album: TestAlbum } | undefined;
  beforeAll(async () => {
    const push = await startPushService();
    const vapid = webPush.generateVAPIDKeys();
    push.expectVapidPublicKey(vapid.publicKey);
    const env = {
      PUSH_ENDPOINT_HOSTS: `http://${push.host}`,
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
    };
    const first = await startTestServer({ env });
    const second = await startTestServer({ databaseUrl: first.databaseUrl, env });
    running = { push, first, second, album: await createAlbum(first.databaseUrl, { stickers }) };
  });
  afterAll(async () => {
    await running?.second.close();
    await running?.first.close();
    await running?.push.close();
  });
  return {
    push: readThrough(() => running?.push, 'The push service'),
    first: readThrough(() => running?.first, 'The first server'),
    second: readThrough(() => running?.second, 'The second server'),
    album: readThrough(() => running?.album, 'The album'),
  };
}
