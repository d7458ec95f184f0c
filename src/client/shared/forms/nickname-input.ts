import { NICKNAME_MAX } from '../../../rpc/schemas/users-limits.ts';

/**
 * The nickname rule, shown under the field where a nickname is chosen (registration, profile). The spec
 * has it as the placeholder, but at 16 px (the size that keeps iOS from zooming) it is wider than the
 * field on a 390 px phone, and a placeholder goes away at the first keystroke, just when the rule matters.
 */
export const NICKNAME_RULE = 'MAX 8 CARATTERI - SOLO LETTERE E NUMERI';

/**
 * The nickname field's attributes, for a Mantine TextInput, in registration and in the profile alike.
 * Props and not a component: a module shared by the login screen (the entry chunk) and the profile that
 * imports a Mantine component makes the bundler split that component out of the entry chunk, one more
 * request on /login's first visit.
 */
export const NICKNAME_INPUT = {
  label: 'Nickname',
  placeholder: 'Es. MARIO99',
  autoComplete: 'username',
  autoCapitalize: 'characters',
  autoCorrect: 'off',
  spellCheck: false,
} as const;

/** What the nickname field keeps of a keystroke: uppercase A–Z and 0–9, at most 8 characters. */
export function normaliseNickname(typed: string): string {
  return typed
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, NICKNAME_MAX);
}

/**
 * What was typed into the nickname field, keystroke by keystroke, before normalising: characters added at
 * the end are kept as typed, any other edit (a paste, a deletion) starts again from the field's new text.
 */
export function typedNickname(previouslyTyped: string, shown: string, raw: string): string {
  return raw.startsWith(shown) ? previouslyTyped + raw.slice(shown.length) : raw;
}

/** Registration's note when the field changed what was typed: 'anna.b_1992' becomes ANNAB199. */
export function nicknameChangeNote(typed: string, nickname: string): string | undefined {
  if (nickname === '' || typed.toUpperCase() === nickname) return undefined;
  return `Hai scritto «${typed}»: il tuo nickname sarà ${nickname}`;
}
