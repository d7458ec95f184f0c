import type { z } from 'zod';

/** The first message of each field, for showing a zod schema's verdict under the inputs of a form. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * One message said once: under the first field (in the form's order) that has it, while the later
 * fields with the same message are only marked (`true`: a red border, no text). 'Tutti i campi sono
 * obbligatori' under each of three empty fields would say it three times.
 */
export function sayOnce<F extends string>(errors: Partial<Record<F, string>>, order: readonly F[]) {
  const said = new Set<string>();
  const shown: Partial<Record<F, string | true>> = {};
  for (const field of order) {
    const message = errors[field];
    if (message === undefined) continue;
    shown[field] = said.has(message) ? true : message;
    said.add(message);
  }
  return shown;
}
