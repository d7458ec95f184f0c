import { defineEntity, p } from '@mikro-orm/core';

const UserSchema = defineEntity({
  name: 'User',
  tableName: 'app_user',
  properties: {
    id: p.integer().primary().autoincrement(),
    /** A–Z0–9, at most 8; a deleted account's tombstone reads 'Utente eliminato' (unique among live ones). */
    nickname: p.string().length(16),
    passwordHash: p.string().length(255).lazy(),
    cap: p.string().length(5),
    /** Their comune (ISTAT code), picked when the CAP is shared or unknown (docs/cap-data.md); null before 2026-11. */
    comune: p.string().length(6).nullable(),
    latitude: p.double(),
    longitude: p.double(),
    raggioKm: p.integer().default(10),
    /** Match's switch 'Scambia anche speciali con normali' (issue 49, row 3): base and speciale pair too. */
    mixSpecialKinds: p.boolean().default(false),
    albumSelezionato: p.integer().nullable(),
    /** The birth year and month given at sign-up (issue 45); null for an account made before, until it answers. */
    birthYear: p.integer().columnType('smallint').nullable(),
    birthMonth: p.integer().columnType('smallint').nullable(),
    /** The band the collector was last told of: a higher one in force now is a notice on Home (issue 45). */
    seenAgeBand: p.string().length(7).nullable(),
    /** A 14-17 collector's switch 'Visibile ai maggiorenni per proporre scambi' (issue 45, row 3). */
    visibleToAdults: p.boolean().default(false),
    /** When three 'adulto_minore' reports stopped this adult reaching minors; null once an admin lifted it. */
    minorContactSuspendedAt: p.datetime().nullable(),
    /** 'Non disturbare dalle … alle …' ('HH:MM', Italy's clock; both null: never), issue 48, row 5. */
    quietFrom: p.string().length(5).nullable(),
    quietTo: p.string().length(5).nullable(),
    /** An admin's 'Limita' (issue 47, row 3): no new chats or proposals until then. */
    limitedUntil: p.datetime().nullable(),
    /** An admin's 'Sospendi': inactive until then, active again at the next login after it. */
    suspendedUntil: p.datetime().nullable(),
    /** A child profile's parent (issue 45, row 2): no password or e-mail, the parent acts as it. */
    parentId: p.integer().nullable(),
    email: p.string().length(254).nullable(),
    /** The version of the Termini accepted (TERMS_VERSION at sign-up or at 'Ho letto'), and when (issue 47). */
    termsVersion: p.string().length(10).nullable(),
    termsAcceptedAt: p.datetime().nullable(),
    /** When the owner opened the verification link sent to `email` (null: not verified, issue 32). */
    emailVerifiedAt: p.datetime().nullable(),
    isPremium: p.boolean().default(false),
    trialEndsAt: p.datetime(),
    isAdmin: p.boolean().default(false),
    isActive: p.boolean().default(true),
    createdAt: p.datetime().onCreate(() => new Date()),
    lastLoginAt: p.datetime().nullable(),
    /** Presence: the last time this user had the app open (chat stream, poll or message). */
    lastSeenAt: p.datetime().nullable(),
    /** Profilo's switch: off, nobody sees this user's presence (decision 021). */
    showPresence: p.boolean().default(true),
    /** A demo collector (SEED_DEMO, decision 028): cannot log in, removed by `npm run demo:remove`. */
    isDemo: p.boolean().default(false),
    /** When the collector deleted their account: the row is then an anonymous tombstone (issue 32). */
    deletedAt: p.datetime().nullable(),
  },
});

export class User extends UserSchema.class {}
UserSchema.setClass(User);
