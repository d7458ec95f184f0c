import { z } from '../zod.ts';
import { text } from './text.ts';

/**
 * What a collector can be told, each switchable for push and for e-mail (Profilo → 'Notifiche'):
 * a proposal for me; my proposal answered (accepted, declined, withdrawn or called off); the other side
 * confirmed receipt (or the swap completed); a proposal of mine or for me, or a swap waiting for my
 * confirmation, ending within a day; a message while I am not in that chat; the daily 'Vicino a te'.
 */
export const ALERT_KINDS = [
  'proposal',
  'answer',
  'confirmation',
  'expiring',
  'message',
  'raduno',
  'digest',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** Profilo's labels, and what the e-mails' unsubscribe page names. */
export const ALERT_KIND_LABELS: Record<AlertKind, string> = {
  proposal: 'Nuove proposte di scambio',
  answer: 'Risposte alle mie proposte',
  confirmation: 'Conferme di ricezione',
  expiring: 'Scambi in scadenza',
  message: 'Nuovi messaggi',
  raduno: 'Raduni a cui vai',
  digest: "'Vicino a te': collezionisti con cui scambiare",
};

export const ALERT_KIND_HINTS: Record<AlertKind, string> = {
  proposal: 'Qualcuno ti propone uno scambio',
  answer: 'Una tua proposta è stata accettata, rifiutata o annullata',
  confirmation: "L'altro ha ricevuto le figurine: conferma anche tu",
  expiring: 'Una proposta o uno scambio scade entro 24 ore',
  message: 'Un messaggio quando non hai aperta quella chat',
  raduno: "Il giorno prima alle 18, un'ora prima (non ai minorenni) e se viene annullato",
  digest: 'Al massimo una volta al giorno, mai tra le 21 e le 8',
};

/**
 * How a kind reaches the collector: push, e-mail, and with `digest` its e-mails gathered into one
 * 'riepilogo giornaliero' instead of one per event (issue 48, row 5).
 */
export const alertChannels = z.strictObject({ push: z.boolean(), email: z.boolean(), digest: z.boolean() });
export type AlertChannels = z.infer<typeof alertChannels>;

/** The defaults: push for everything a swap needs, the digest only on request, e-mail only on request. */
export const DEFAULT_ALERT_CHANNELS: Record<AlertKind, AlertChannels> = {
  proposal: { push: true, email: false, digest: false },
  answer: { push: true, email: false, digest: false },
  confirmation: { push: true, email: false, digest: false },
  expiring: { push: true, email: false, digest: false },
  message: { push: true, email: false, digest: false },
  raduno: { push: true, email: false, digest: false },
  digest: { push: false, email: false, digest: false },
};

export const alertSettingsSchema = z.strictObject(
  Object.fromEntries(ALERT_KINDS.map((kind) => [kind, alertChannels])) as Record<
    AlertKind,
    typeof alertChannels
  >,
);
export type AlertSettings = z.infer<typeof alertSettingsSchema>;

const QUIET_TIME_MESSAGE = 'Orario non valido: scrivilo come 21:00';
const quietTime = text(5, QUIET_TIME_MESSAGE, { error: QUIET_TIME_MESSAGE }).regex(
  /^([01]\d|2[0-3]):[0-5]\d$/,
  QUIET_TIME_MESSAGE,
);
/** 'Non disturbare dalle … alle …' on Italy's clock; null: alerts go out at any hour. */
export const quietHoursSchema = z
  .strictObject({ from: quietTime, to: quietTime }, { error: 'Indica «from» e «to», o null' })
  .refine((hours) => hours.from !== hours.to, 'L’inizio e la fine del «Non disturbare» devono essere diversi')
  .nullable();
export type QuietHours = z.infer<typeof quietHoursSchema>;
export const DEFAULT_QUIET_HOURS = { from: '21:00', to: '08:00' } as const;

/** Profilo → 'Notifiche': every kind's channels, and whether e-mail can be chosen at all. */
export const alertSettingsOutput = z.strictObject({
  settings: alertSettingsSchema,
  quietHours: quietHoursSchema,
  /** E-mail needs a verified address (Profilo → 'E-mail'). */
  emailVerified: z.boolean(),
  /** This account's subscribed devices (push). */
  pushDevices: z.number().int(),
});

/** Changes some kinds' channels (a channel left out stays as it was), and the quiet hours if given. */
export const setAlertSettingsInput = z.strictObject({
  ...(Object.fromEntries(ALERT_KINDS.map((kind) => [kind, alertChannels.partial().optional()])) as Record<
    AlertKind,
    z.ZodOptional<ReturnType<typeof alertChannels.partial>>
  >),
  quietHours: quietHoursSchema.optional(),
});
export type SetAlertSettings = z.infer<typeof setAlertSettingsInput>;

const INVALID_SUBSCRIPTION_MESSAGE = 'Iscrizione alle notifiche non valida';

/** base64url without padding, as browsers give the subscription's keys. */
const base64url = (bytes: number) =>
  text(Math.ceil((bytes * 4) / 3), INVALID_SUBSCRIPTION_MESSAGE, { error: INVALID_SUBSCRIPTION_MESSAGE })
    .length(Math.ceil((bytes * 4) / 3), INVALID_SUBSCRIPTION_MESSAGE)
    .regex(/^[A-Za-z0-9_-]+$/, INVALID_SUBSCRIPTION_MESSAGE);

/** A push service's address: checked against the known services on the server (alerts/push-endpoint.ts). */
export const pushEndpointSchema = text(2048, INVALID_SUBSCRIPTION_MESSAGE, {
  error: INVALID_SUBSCRIPTION_MESSAGE,
}).refine((value) => URL.canParse(value), INVALID_SUBSCRIPTION_MESSAGE);

/** A browser's `PushSubscription.toJSON()`: the endpoint, the P-256 public key and the auth secret. */
export const pushSubscriptionInput = z.object({
  endpoint: pushEndpointSchema,
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url(65), auth: base64url(16) }, { error: INVALID_SUBSCRIPTION_MESSAGE }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInput>;

export const pushUnsubscribeInput = z.strictObject({ endpoint: pushEndpointSchema });

export const pushPublicKeyOutput = z.strictObject({ publicKey: z.string() });

export const INVALID_UNSUBSCRIBE_MESSAGE = 'Link per disiscriversi non valido';

/** An e-mail's one-click unsubscribe link (`/notifiche/disiscrizione?token=`). */
export const emailUnsubscribeInput = z.strictObject({
  token: text(200, INVALID_UNSUBSCRIBE_MESSAGE, { trim: true, error: INVALID_UNSUBSCRIBE_MESSAGE }).min(
    1,
    INVALID_UNSUBSCRIBE_MESSAGE,
  ),
});

export const emailUnsubscribeOutput = z.strictObject({ kind: z.enum(ALERT_KINDS) });
