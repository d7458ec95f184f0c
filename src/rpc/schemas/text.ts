import { z } from '../zod.ts';
import { CONTROL_CHARACTERS_MESSAGE, freeJsonProblem, SAFE_TEXT } from './safe-text.ts';

type TextOptions = {
  /** The message for a missing value or one that is not text. */
  error?: string;
  /** Trim before every other rule (so the maximum counts what is kept). */
  trim?: boolean;
};

/**
 * Every string any input accepts starts here: a maximum length (its Italian message) and no control
 * characters. Chain `.min()`, `.regex()`, `.toUpperCase()`… as on any zod string.
 */
export function text(max: number, tooLong: string, options: TextOptions = {}) {
  const string = z.string(options.error === undefined ? undefined : { error: options.error });
  return (options.trim ? string.trim() : string)
    .max(max, tooLong)
    .regex(SAFE_TEXT, CONTROL_CHARACTERS_MESSAGE);
}

/**
 * Free-form JSON a client sends (an error's details): bounded in depth, in the characters of its keys
 * and strings, and in its length as JSON text (`tooLong` past `maxLength`).
 */
export function freeJson(maxLength: number, tooLong: string) {
  return z.unknown().superRefine((value, ctx) => {
    if (value === undefined) return;
    const problem = freeJsonProblem(value);
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
      return;
    }
    const json = JSON.stringify(value);
    if (json !== undefined && json.length > maxLength) ctx.addIssue({ code: 'custom', message: tooLong });
  });
}
