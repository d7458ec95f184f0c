/**
 * The Termini (issue 47, row 1): their version in force — the date they took effect — which a sign-up
 * accepts and which a collector who accepted an older one is shown once at the next visit; and who runs
 * the service and where to write (/contatti, DSA arts. 11–12).
 */
import { z } from '../zod.ts';
import { text } from './text.ts';

/** Changed whenever the Termini's text changes (a date, `YYYY-MM-DD`): everyone is shown them again once. */
export const TERMS_VERSION = '2026-12-01';

export const OUTDATED_TERMS_MESSAGE = 'Questa versione dei Termini non è più in vigore: ricarica la pagina';

/** 'Ho letto': the version the collector was shown. */
export const acceptTermsInput = z.strictObject({
  version: text(10, OUTDATED_TERMS_MESSAGE, { error: 'Indica la versione dei Termini' }),
});

/** Who runs the service and the points of contact, as the operator set them (null: not set). */
export const contactsOutput = z.strictObject({
  operator: z.strictObject({
    name: z.string().nullable(),
    address: z.string().nullable(),
    taxId: z.string().nullable(),
  }),
  users: z.string().nullable(),
  authorities: z.string().nullable(),
  privacy: z.string().nullable(),
});
export type Contacts = z.infer<typeof contactsOutput>;
