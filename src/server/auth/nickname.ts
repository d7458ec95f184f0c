import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { NICKNAME_TAKEN_MESSAGE } from '../../rpc/schemas/users-messages.ts';
import { DomainError } from '../domain-error.ts';

/** Runs a write that may collide on the unique nickname, turning the collision into a 409 in Italian. */
export async function withUniqueNickname<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) {
      throw new DomainError('CONFLICT', NICKNAME_TAKEN_MESSAGE);
    }
    throw error;
  }
}
