import type { EntityManager } from '@mikro-orm/postgresql';
import { locateCap } from '../../src/server/accounts/cap-location.ts';
import { writeStatuses } from '../../src/server/collection/collection-store.ts';
import type { StickerStatus } from '../../src/server/collection/sticker-status.ts';
import { User } from '../../src/server/db/entities/user.ts';

/**
 * A collector written straight into the database (no password hashing: they never log in), with their
 * marks on one album given by sticker slot. For tests that need hundreds of collectors.
 */
export async function seedCollector(
  em: EntityManager,
  options: {
    nickname: string;
    cap: string;
    active?: boolean;
    albumId?: number;
    marks?: { slot: number; status: StickerStatus }[];
  },
): Promise<User> {
  const user = em.create(User, {
    nickname: options.nickname,
    passwordHash: 'not-a-hash',
    cap: options.cap,
    ...locateCap(options.cap),
    trialEndsAt: new Date(),
    isActive: options.active ?? true,
  });
  await em.flush();
  if (options.albumId !== undefined && options.marks && options.marks.length > 0) {
    await writeStatuses(em, user.id, options.albumId, options.marks);
  }
  return user;
}
