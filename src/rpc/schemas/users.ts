import { z } from '../zod.ts';
import { AGE_BANDS, BIRTH_YEAR_MIN, isPossibleBirthMonth, italianMonth } from './age-band-rule.ts';
import { recordId } from './record-id.ts';
import { text } from './text.ts';
import { NICKNAME_MAX, PASSWORD_MAX, PASSWORD_MIN, RADIUS_KM } from './users-limits.ts';

export const nicknameSchema = text(NICKNAME_MAX, 'Il nickname non può superare 8 caratteri', { trim: true })
  .toUpperCase()
  .min(1, 'Il nickname è obbligatorio')
  .regex(/^[A-Z0-9]+$/, 'Il nickname deve contenere solo lettere maiuscole e numeri');

export const capSchema = text(5, 'Il CAP deve essere di 5 cifre', { trim: true }).regex(
  /^\d{5}$/,
  'Il CAP deve essere di 5 cifre',
);

/** A comune by its ISTAT code, picked when the CAP is shared or unknown (docs/cap-data.md). */
export const comuneSchema = text(6, 'Comune non valido').regex(/^\d{6}$/, 'Comune non valido');

export const capInput = z.strictObject({ cap: capSchema });

/** The comuni a CAP's collector picks from: the CAP's own, or those of its postal area when unknown. */
export const capComuniOutput = z.strictObject({
  known: z.boolean(),
  comuni: z.array(z.strictObject({ code: z.string(), nome: z.string(), sigla: z.string() })),
});

export const newPasswordSchema = text(PASSWORD_MAX, 'La password non può superare 128 caratteri').min(
  PASSWORD_MIN,
  'La nuova password deve essere di almeno 6 caratteri',
);

export const raggioKmSchema = z
  .number()
  .int('Il raggio deve essere un numero intero di km')
  .min(RADIUS_KM.min, 'Il raggio deve essere tra 1 e 50 km')
  .max(RADIUS_KM.max, 'Il raggio deve essere tra 1 e 50 km');

const RADIUS_RANGE_MESSAGE = `Il raggio deve essere tra ${RADIUS_KM.min} e ${RADIUS_KM.max} km`;

/** A radius in a query string: text through REST, a number through tRPC. */
export const radiusKmQuery = z.coerce
  .number({ error: RADIUS_RANGE_MESSAGE })
  .int('Il raggio deve essere un numero intero di km')
  .min(RADIUS_KM.min, RADIUS_RANGE_MESSAGE)
  .max(RADIUS_KM.max, RADIUS_RANGE_MESSAGE);

export const BIRTH_MONTH_MISSING_MESSAGE = 'Indica il mese di nascita';
export const BIRTH_YEAR_MISSING_MESSAGE = "Indica l'anno di nascita";
export const BIRTH_DATE_INVALID_MESSAGE = 'Data di nascita non valida';

/** The birth month and year (issue 45): both, a month 1–12, a year from 1900, not after this month in Italy. */
export const birthDateFields = {
  birthYear: z
    .number({ error: BIRTH_YEAR_MISSING_MESSAGE })
    .int(BIRTH_DATE_INVALID_MESSAGE)
    .min(BIRTH_YEAR_MIN, BIRTH_DATE_INVALID_MESSAGE)
    .max(9999, BIRTH_DATE_INVALID_MESSAGE),
  birthMonth: z
    .number({ error: BIRTH_MONTH_MISSING_MESSAGE })
    .int(BIRTH_DATE_INVALID_MESSAGE)
    .min(1, BIRTH_DATE_INVALID_MESSAGE)
    .max(12, BIRTH_DATE_INVALID_MESSAGE),
};

/** A month that has not come yet is refused on the year's field. */
export function refuseFutureBirth(
  value: { birthYear?: number; birthMonth?: number },
  ctx: z.RefinementCtx,
): void {
  const { birthYear: year, birthMonth: month } = value;
  // A field out of its own range has said so already.
  if (year === undefined || month === undefined || month < 1 || month > 12 || year < BIRTH_YEAR_MIN) return;
  if (!isPossibleBirthMonth({ year, month }, italianMonth(new Date()))) {
    ctx.addIssue({ code: 'custom', path: ['birthYear'], message: BIRTH_DATE_INVALID_MESSAGE });
  }
}

/** Asked once of an account made before issue 45, at its next visit. */
export const birthDateInput = z.strictObject(birthDateFields).superRefine(refuseFutureBirth);

export const ageBandSchema = z.enum(AGE_BANDS);

const visibleToAdultsField = z.boolean({
  error: 'Indica se essere visibile ai maggiorenni (visibleToAdults)',
});

/**
 * Profilo's save. The birth date only from an account that has none yet (the server refuses a change):
 * both or neither (`profileInput`).
 */
export const profileFields = z.strictObject({
  nickname: nicknameSchema,
  cap: capSchema,
  comune: comuneSchema.optional(),
  albumSelezionato: z.number().int().positive('Album non valido').nullable().optional(),
  raggioKm: raggioKmSchema.optional(),
  birthYear: birthDateFields.birthYear.optional(),
  birthMonth: birthDateFields.birthMonth.optional(),
  /** 'Visibile ai maggiorenni per proporre scambi': read for a 14-17 collector only (issue 45, row 3). */
  visibleToAdults: z
    .boolean({ error: 'Indica se essere visibile ai maggiorenni (visibleToAdults)' })
    .optional(),
});

export const profileInput = profileFields.superRefine((input, ctx) => {
  if (input.birthYear !== undefined && input.birthMonth === undefined)
    ctx.addIssue({ code: 'custom', path: ['birthMonth'], message: BIRTH_MONTH_MISSING_MESSAGE });
  if (input.birthMonth !== undefined && input.birthYear === undefined)
    ctx.addIssue({ code: 'custom', path: ['birthYear'], message: BIRTH_YEAR_MISSING_MESSAGE });
  refuseFutureBirth(input, ctx);
});

export const radiusInput = z.strictObject({ raggioKm: raggioKmSchema });

/** Match's switch 'Scambia anche speciali con normali' (issue 49, row 3). */
export const mixKindsInput = z.strictObject({
  mixSpecialKinds: z.boolean({ error: 'Indica se scambiare anche speciali con normali (mixSpecialKinds)' }),
});

/** Profilo's switch: whether the collectors I write to may see that I am around (decision 021). */
export const presenceInput = z.strictObject({
  showPresence: z.boolean({ error: 'Indica se mostrare la tua presenza (showPresence)' }),
});

/** A 14-17 collector's switch 'Visibile ai maggiorenni per proporre scambi' (issue 45, row 3). */
export const visibleToAdultsInput = z.strictObject({ visibleToAdults: visibleToAdultsField });

export const changePasswordInput = z.strictObject({
  currentPassword: text(PASSWORD_MAX, 'Password non valida').min(1, 'Tutti i campi sono obbligatori'),
  newPassword: newPasswordSchema,
});

/** The signed-in collector, as `auth.me`, login, registration and the profile's changes answer. */
export const meOutput = z.strictObject({
  id: z.number().int(),
  nickname: z.string(),
  cap: z.string(),
  /** Their comune (ISTAT code), picked when the CAP is shared or unknown; null for older profiles. */
  comune: z.string().nullable(),
  albumSelezionato: z.number().int().nullable(),
  raggioKm: z.number().int(),
  /** Match's 'Scambia anche speciali con normali' (issue 49, row 3), remembered. */
  mixSpecialKinds: z.boolean(),
  isPremium: z.boolean(),
  /** ISO 8601. */
  trialEndsAt: z.string(),
  isAdmin: z.boolean(),
  /** Whether the collectors I write to see that I am around (Profilo's switch). */
  showPresence: z.boolean(),
  /** Their e-mail address (only ever shown to themselves), null without one. */
  email: z.string().nullable(),
  /** Whether they opened the verification link sent to `email`. */
  emailVerified: z.boolean(),
  /** The age band in force (issue 45): an account that has not given its birth date has a minor's, `14-17`. */
  ageBand: ageBandSchema,
  /** An account made before birth dates were asked: the app asks once, at its next visit. */
  birthDateMissing: z.boolean(),
  /** A 14-17 collector's 'Visibile ai maggiorenni per proporre scambi' (off by default). */
  visibleToAdults: z.boolean(),
  /** The band rose since they were last told (a birthday): Home says what changes, once. */
  ageBandRose: z.strictObject({ from: ageBandSchema, to: ageBandSchema }).nullable(),
  /** A child profile in use (issue 45, row 2): the parent whose session acts as it; null otherwise. */
  parent: z.strictObject({ id: z.number().int(), nickname: z.string() }).nullable(),
  /** The Termini changed since this account accepted them (or it never did): shown once (issue 47). */
  termsOutdated: z.boolean(),
});

export type Me = z.infer<typeof meOutput>;
export type ProfileInput = z.infer<typeof profileInput>;
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

/** The profile's password form, field by field, in its order on the screen. */
export const PASSWORD_FORM_FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

/**
 * The profile's password form: the three fields, checked in the order the spec lists its messages, each
 * message on the field it is about ('Tutti i campi sono obbligatori' on every empty one).
 */
export const changePasswordForm = z
  .object({
    currentPassword: text(PASSWORD_MAX, 'Password non valida'),
    newPassword: text(PASSWORD_MAX, 'La password non può superare 128 caratteri'),
    confirmPassword: text(PASSWORD_MAX, 'La password non può superare 128 caratteri'),
  })
  .superRefine((form, ctx) => {
    const empty = PASSWORD_FORM_FIELDS.filter((field) => !form[field]);
    if (empty.length > 0) {
      for (const field of empty) {
        ctx.addIssue({ code: 'custom', path: [field], message: 'Tutti i campi sono obbligatori' });
      }
    } else if (form.newPassword !== form.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'Le password non coincidono' });
    } else if (form.newPassword.length < PASSWORD_MIN) {
      ctx.addIssue({
        code: 'custom',
        path: ['newPassword'],
        message: 'La nuova password deve essere di almeno 6 caratteri',
      });
    }
  });

// The admin's user management ('Gestisci Utenti').

const userIdSchema = recordId('Utente non valido');

export const usersQueryInput = z
  .strictObject({
    search: text(50, 'Ricerca troppo lunga', { trim: true }).optional(),
    limit: z.coerce.number().int().min(1).max(500, 'Al massimo 500 utenti per pagina').default(200),
  })
  .optional();

export const toggleUserStatusInput = z.strictObject({
  id: userIdSchema,
  is_active: z.boolean({ error: 'Indica se attivare o disattivare (is_active)' }),
});

export const adminUserIdInput = z.strictObject({ id: userIdSchema });

export const BIRTH_CORRECTION_REASON_MAX = 300;
/** An admin's correction of a birth date (issue 45): the new month and year, and why (kept in the log). */
export const correctBirthDateInput = z
  .strictObject({
    id: userIdSchema,
    ...birthDateFields,
    reason: text(
      BIRTH_CORRECTION_REASON_MAX,
      `Il motivo non può superare ${BIRTH_CORRECTION_REASON_MAX} caratteri`,
      {
        error: 'Indica il motivo della correzione',
        trim: true,
      },
    ).min(3, 'Indica il motivo della correzione'),
  })
  .superRefine(refuseFutureBirth);

/** A correction as the log shows it: never the dates themselves outside the admin's view of that log. */
export const birthDateCorrectionsOutput = z.array(
  z.strictObject({
    admin: z.string().nullable(),
    from: z.string().nullable(),
    to: z.string(),
    reason: z.string(),
    /** ISO 8601. */
    at: z.string(),
  }),
);

export const setPremiumInput = z.strictObject({
  id: userIdSchema,
  isPremium: z.boolean({ error: 'Indica se attivare o togliere il premium (isPremium)' }),
});

/** A user as the admin's list shows it (spec §3 "User (admin list)"), plus premium and admin flags. */
export const adminUserOutput = z.strictObject({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  is_active: z.boolean(),
  /** ISO 8601. */
  created_at: z.string(),
  /** ISO 8601, null before the first login. */
  last_login: z.string().nullable(),
  isPremium: z.boolean(),
  isAdmin: z.boolean(),
  cap: z.string(),
  /** A demo collector (SEED_DEMO, decision 028): cannot log in, `npm run demo:remove` deletes them. */
  isDemo: z.boolean(),
  /** The age band (issue 45), null while an account from before has not given its birth date; never the date. */
  ageBand: ageBandSchema.nullable(),
  /** Three 'adulto_minore' reports stopped this adult reaching minors, until an admin lifts it (issue 45). */
  minorContactSuspended: z.boolean(),
  /** A child profile's parent (issue 45, row 2): the link the users list shows. */
  parent: z.strictObject({ id: z.number().int(), nickname: z.string() }).nullable(),
});

export type AdminUser = z.infer<typeof adminUserOutput>;

export const userListOutput = z.array(adminUserOutput);

export const userCountsOutput = z.strictObject({
  total: z.number().int(),
  active: z.number().int(),
  inactive: z.number().int(),
});
