import { Button, Stack, TextInput } from '@mantine/core';
import { TWO_FACTOR_CODE_LENGTH, type TwoFactorMethod } from '@rackdesk/contract';
import type { ComponentProps } from 'react';
import { useSendTwoFactorEmailCode } from '../api/send-two-factor-email-code.ts';

type TextInputProps = Omit<ComponentProps<typeof TextInput>, 'label' | 'description'>;

interface TwoFactorCodeInputProps extends TextInputProps {
  /** The method whose code is asked for: the e-mail method gets a button that mails one. */
  method: TwoFactorMethod;
  label?: string;
  /** The field also takes one of the recovery codes (leaving a method whose device is lost). */
  orRecoveryCode?: boolean;
}

const descriptions: Partial<Record<TwoFactorMethod, string>> = {
  google_authenticator: 'The 6-digit code your authenticator app shows.',
  email: 'Press Send code, then enter the 6-digit code we e-mail you.',
};

/** A 6-digit 2FA code field; for the e-mail method with 'Send code' (`POST 2fa/email-code`) under it. */
export function TwoFactorCodeInput({
  method,
  label = 'Authentication Code',
  orRecoveryCode = false,
  ...inputProps
}: TwoFactorCodeInputProps) {
  const send = useSendTwoFactorEmailCode();
  const description = descriptions[method];
  return (
    <Stack gap={6} align="flex-start">
      <TextInput
        w="100%"
        label={label}
        description={
          orRecoveryCode ? `${description} Lost it? Enter one of your recovery codes.` : description
        }
        inputMode={orRecoveryCode ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        maxLength={orRecoveryCode ? undefined : TWO_FACTOR_CODE_LENGTH}
        {...inputProps}
      />
      {method === 'email' ? (
        <Button size="xs" variant="light" onClick={() => send.mutate()} loading={send.isPending}>
          Send code
        </Button>
      ) : null}
    </Stack>
  );
}
