import { TextInput, type TextInputProps } from '@mantine/core';
import { NICKNAME_PLACEHOLDER, NICKNAME_RULE, normaliseNickname } from './nickname-input.ts';

type Props = Omit<TextInputProps, 'value' | 'onChange'> & {
  value: string;
  onChange: (nickname: string) => void;
  /** Where a nickname is chosen (not at login): the rule is shown under the field. */
  withRule?: boolean;
};

/** The nickname as registration and the profile take it: only what the rule allows can be typed. */
export function NicknameField({ value, onChange, withRule = false, ...props }: Props) {
  return (
    <TextInput
      label="Nickname"
      placeholder={NICKNAME_PLACEHOLDER}
      description={withRule ? NICKNAME_RULE : undefined}
      autoComplete="username"
      autoCapitalize="characters"
      autoCorrect="off"
      spellCheck={false}
      {...props}
      value={value}
      onChange={(event) => onChange(normaliseNickname(event.currentTarget.value))}
    />
  );
}
