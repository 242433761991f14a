import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/** The rebuild forms' 'Root Password' field: marked invalid on the input itself, not only its wrapper. */
export function RootPasswordInput(props: PasswordInputProps) {
  return (
    <PasswordInput
      label="Root Password"
      placeholder="Min. 3 Max. 40"
      autoComplete="new-password"
      // Mantine marks only its wrapper invalid; screen readers need it on the input.
      aria-invalid={props.error ? true : undefined}
      {...props}
    />
  );
}
