import {
  ageBandOfUser,
  areBothMinors,
  type BirthColumns,
  isAdultAndMinor,
  isMinor,
} from '../../rpc/schemas/age-band-rule.ts';
import {
  CHAT_PHRASES,
  CONTACT_DETAILS_MESSAGE,
  MINOR_CONTACT_SUSPENDED_MESSAGE,
  PHRASES_ONLY_MESSAGE,
} from '../../rpc/schemas/chat.ts';
import { DomainError } from '../domain-error.ts';
import { carriesContact } from './contact-filter.ts';

const phrases: readonly string[] = CHAT_PHRASES;

/**
 * What a message may say, by the ages of who writes and who reads it (issue 45, docs/decisions/046):
 * between an adult and a minor only the set phrases; between two minors anything but contact details;
 * between adults anything. A note the app writes for a swap (`composed`, with a cancel reason typed in
 * it) is no phrase, but carries no contact details to or from a minor either.
 */
export function refuseUnsafeMessage(
  sender: BirthColumns & { minorContactSuspendedAt?: Date | null },
  recipient: BirthColumns,
  content: string,
  { composed }: { composed: boolean },
): void {
  // An adult stopped by three 'adulto_minore' reports writes to no minor until an admin reviews (row 8).
  if (sender.minorContactSuspendedAt != null && isMinor(ageBandOfUser(recipient))) {
    throw new DomainError('FORBIDDEN', MINOR_CONTACT_SUSPENDED_MESSAGE);
  }
  if (isAdultAndMinor(sender, recipient)) {
    if (!composed && !phrases.includes(content)) throw new DomainError('BAD_REQUEST', PHRASES_ONLY_MESSAGE);
    if (composed && carriesContact(content)) throw new DomainError('BAD_REQUEST', CONTACT_DETAILS_MESSAGE);
  } else if (areBothMinors(sender, recipient) && carriesContact(content)) {
    throw new DomainError('BAD_REQUEST', CONTACT_DETAILS_MESSAGE);
  }
}
