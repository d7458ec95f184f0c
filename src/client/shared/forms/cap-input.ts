/** The CAP field's attributes, for a Mantine TextInput (see NICKNAME_INPUT for why props). */
export const CAP_INPUT = {
  label: 'CAP',
  placeholder: 'Es. 20121',
  inputMode: 'numeric',
  autoComplete: 'postal-code',
} as const;

/** What the CAP field keeps of a keystroke or a paste: digits, at most five. */
export const normaliseCap = (typed: string) => typed.replace(/\D/g, '').slice(0, 5);
