import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link } from '../../../lib/routing.tsx';
import { paths } from '../../../lib/paths.ts';
import { CODE_OR_RECOVERY_CODE_INVALID, readCodeOrRecoveryCode } from '../../../lib/two-factor-code.ts';
import { useLogin } from '../api/login.ts';
import { startSession } from '../api/start-session.ts';
import { applyAuthError } from '../utils/auth-errors.ts';
import { FormError } from './form-error.tsx';

const FIELD_MAP = { email: 'email', password2: 'password', token: 'code' };

type Step = 'credentials' | 'code';

interface Values {
  email: string;
  password: string;
  code: string;
}

interface LoginFormProps {
  /** Replaces the links to sign up and to support (the order wizard's toggle to Register). */
  footer?: ReactNode;
}

/**
 * Sign in: e-mail and password, then, when the account has 2FA on, the 6-digit code of its method
 * or one of its recovery codes.
 */
export function LoginForm({ footer }: LoginFormProps = {}) {
  const [step, setStep] = useState<Step>('credentials');
  const [codeMessage, setCodeMessage] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const login = useLogin();

  const [values, setValues] = useState<Values>({ email: '', password: '', code: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});

  // The login page stays light: a few fields do not need a form library.
  const form = {
    setFieldError: (field: string, message: string) =>
      setErrors((current) => ({ ...current, [field]: message })),
  };

  const inputProps = (field: keyof Values) => ({
    value: values[field],
    error: errors[field],
    onChange: (event: { currentTarget: { value: string } }) => {
      const { value } = event.currentTarget;
      setValues((current) => ({ ...current, [field]: value }));
      setErrors((current) => ({ ...current, [field]: undefined }));
    },
  });

  const validate = (): boolean => {
    const found: Partial<Record<keyof Values, string>> = {};
    if (step === 'credentials') {
      if (values.email.trim() === '') found.email = 'The email field is required.';
      if (values.password === '') found.password = 'The password field is required.';
    } else if (readCodeOrRecoveryCode(values.code) === null) {
      found.code = CODE_OR_RECOVERY_CODE_INVALID;
    }
    setErrors(found);
    return Object.keys(found).length === 0;
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    if (!validate()) return;
    login
      .send({
        email: values.email.trim(),
        password2: values.password,
        token: step === 'code' ? (readCodeOrRecoveryCode(values.code) ?? undefined) : undefined,
      })
      .then(
        (response) => {
          if ('requires_2fa' in response) {
            setCodeMessage(response.message);
            setStep('code');
            return;
          }
          // The guest-only guard sends the new session on to where the user came from.
          startSession(response);
        },
        (error: unknown) => setFormError(applyAuthError(error, form, FIELD_MAP)),
      );
  };

  const backToCredentials = () => {
    setStep('credentials');
    setFormError(null);
    setValues((current) => ({ ...current, code: '' }));
    setErrors({});
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormError message={formError} />
        {step === 'credentials' ? (
          <>
            <TextInput
              label="Email Address"
              type="email"
              autoComplete="email"
              required
              {...inputProps('email')}
            />
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              required
              {...inputProps('password')}
            />
            <Group justify="flex-end">
              <Anchor component={Link} to={paths.resetPassword} size="sm">
                Forgot password?
              </Anchor>
            </Group>
            <Button type="submit" loading={login.isPending} fullWidth>
              Sign In
            </Button>
          </>
        ) : (
          <>
            <Text size="sm">{codeMessage}</Text>
            <TextInput
              label="Authentication Code"
              description="Lost your device? Enter one of your recovery codes."
              autoComplete="one-time-code"
              autoCapitalize="none"
              spellCheck={false}
              required
              data-autofocus
              {...inputProps('code')}
            />
            <Button type="submit" loading={login.isPending} fullWidth>
              Verify
            </Button>
            <Button variant="subtle" onClick={backToCredentials}>
              Back
            </Button>
          </>
        )}
        {footer ?? (
          <>
            <Text size="sm" ta="center">
              Don't have an account?{' '}
              <Anchor component={Link} to={paths.register}>
                Create Account
              </Anchor>
            </Text>
            <Text size="sm" ta="center">
              Need help?{' '}
              <Anchor component={Link} to={paths.supportNew}>
                Contact support
              </Anchor>
            </Text>
          </>
        )}
      </Stack>
    </form>
  );
}
