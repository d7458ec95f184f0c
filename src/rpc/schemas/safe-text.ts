// The text rules of text.ts without zod, so the client's first download (the error reporter) can use them.

export const CONTROL_CHARACTERS_MESSAGE = 'Il testo contiene caratteri non consentiti';

/**
 * Control characters no keyboard types: C0 except tab, new line and carriage return, and DEL. NUL among
 * them would reach PostgreSQL, which refuses it in text and jsonb alike. (Written as text: the linter
 * rightly flags control characters in regular expression literals, and here they are the point.)
 */
const CONTROL_CLASS = '\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F';
const CONTROL_CHARACTER = new RegExp(`[${CONTROL_CLASS}]`);
/** The same characters, all of them (for `replace`). */
export const CONTROL_CHARACTERS = new RegExp(`[${CONTROL_CLASS}]`, 'g');
/** The same rule as a whole-string pattern, so it shows in the OpenAPI document and can be checked there. */
export const SAFE_TEXT = new RegExp(`^[^${CONTROL_CLASS}]*$`);

export const hasControlCharacters = (value: string) => CONTROL_CHARACTER.test(value);

export const TOO_DEEP_MESSAGE = 'Dettagli troppo annidati';
/** Deeper than any real stack trace or response sample, far from what a recursive reader chokes on. */
export const JSON_DEPTH_MAX = 20;

/**
 * The first problem of a free-form JSON value: nesting deeper than JSON_DEPTH_MAX, or a key or a string
 * with control characters. Walked with an explicit stack, so no input can exhaust the call stack.
 */
export function freeJsonProblem(value: unknown): string | undefined {
  const pending: [unknown, number][] = [[value, 0]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [item, depth] = next;
    if (typeof item === 'string') {
      if (hasControlCharacters(item)) return CONTROL_CHARACTERS_MESSAGE;
    } else if (typeof item === 'object' && item !== null) {
      if (depth >= JSON_DEPTH_MAX) return TOO_DEEP_MESSAGE;
      for (const [key, child] of Object.entries(item)) {
        if (hasControlCharacters(key)) return CONTROL_CHARACTERS_MESSAGE;
        pending.push([child, depth + 1]);
      }
    }
  }
  return undefined;
}
