import { TextInput, type TextInputProps } from '@mantine/core';

type Props = Omit<TextInputProps, 'value' | 'onChange'> & { value: string; onChange: (cap: string) => void };

/** What the CAP field keeps of a keystroke or a paste: digits, at most five. */
export const normaliseCap = (typed: string) => typed.replace(/\D/g, '').slice(0, 5);

/** The CAP as registration and the profile take it, with the phone's number pad. */
export function CapField({ value, onChange, ...props }: Props) {
  return (
    <TextInput
      label="CAP"
      placeholder="Es. 20121"
      inputMode="numeric"
      autoComplete="postal-code"
      {...props}
      value={value}
      onChange={(event) => onChange(normaliseCap(event.currentTarget.value))}
    />
  );
}
