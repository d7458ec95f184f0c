import { z } from '../zod.ts';
import { text } from './text.ts';
import { capSchema, nicknameSchema, raggioKmSchema } from './users.ts';
import { PASSWORD_MAX, PASSWORD_MIN, RADIUS_KM } from './users-limits.ts';

export const registerInput = z.strictObject({
  nickname: nicknameSchema,
  password: text(PASSWORD_MAX, 'La password non può superare 128 caratteri')
    .min(1, 'La password è obbligatoria')
    .min(PASSWORD_MIN, 'La password deve essere di almeno 6 caratteri'),
  cap: capSchema,
  raggioKm: raggioKmSchema.default(RADIUS_KM.default),
});

export const loginInput = z.strictObject({
  nickname: text(64, 'Nickname non valido', { trim: true })
    .toUpperCase()
    .min(1, 'Il nickname è obbligatorio'),
  password: text(PASSWORD_MAX, 'Password non valida').min(1, 'La password è obbligatoria'),
});

export type RegisterInput = z.infer<typeof registerInput>;
export type LoginInput = z.infer<typeof loginInput>;
