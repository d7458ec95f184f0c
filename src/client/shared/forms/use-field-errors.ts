import { useState } from 'react';
import type { z } from 'zod';
import { fieldErrors } from './field-errors.ts';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/**
 * A form's errors, each under its field, from the zod schema the server checks the same input with: every
 * field on submit (`checkAll`), one field when the user leaves it or edits it while it shows an error
 * (`checkField`, the others keep theirs), and a refusal only the server can make (`showError`).
 */
export function useFieldErrors<F extends string>() {
  const [errors, setErrors] = useState<FieldErrors<F>>({});

  /** The parsed input when the whole form is valid; otherwise its errors are shown. */
  function checkAll<T>(schema: z.ZodType<T>, input: Partial<Record<F, unknown>>): T | undefined {
    const parsed = schema.safeParse(input);
    setErrors(parsed.success ? {} : (fieldErrors(parsed.error) as FieldErrors<F>));
    return parsed.success ? parsed.data : undefined;
  }

  function checkField(schema: z.ZodType, input: Partial<Record<F, unknown>>, field: F) {
    const parsed = schema.safeParse(input);
    const message = parsed.success ? undefined : fieldErrors(parsed.error)[field];
    setErrors((shown) => ({ ...shown, [field]: message }));
  }

  const showError = (field: F, message: string) => setErrors((shown) => ({ ...shown, [field]: message }));
  const clearErrors = () => setErrors({});

  return { errors, checkAll, checkField, showError, clearErrors };
}
