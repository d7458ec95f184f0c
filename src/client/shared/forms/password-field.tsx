import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/**
 * Mantine's PasswordInput, with an error also told to screen readers: Mantine marks the inner input
 * invalid only for the eye (data-invalid), not with aria-invalid as its other inputs do.
 */
export function PasswordField(props: PasswordInputProps) {
  return <PasswordInput aria-invalid={props.error ? true : undefined} {...props} />;
}
