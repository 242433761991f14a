import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { RegisterRequest, SessionResponse } from '@rackdesk/contract';
import { ErrorText, REGISTER_REDIRECT_MS } from '@rackdesk/contract';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from '../../../lib/routing.tsx';
import { Captcha, type CaptchaHandle } from '../../../components/captcha/captcha.tsx';
import { paths } from '../../../lib/paths.ts';
import { setToken } from '../../../lib/session.ts';
import { setSessionUser } from '../../../lib/session-user.ts';
import { useRegister } from '../api/register.ts';
import { emailError } from '../../../lib/email.ts';
import { applyAuthError } from '../utils/auth-errors.ts';
import { FormError } from './form-error.tsx';

const FIELD_MAP = {
  email: 'email',
  password: 'password',
  password_confirmation: 'passwordConfirmation',
  firstname: 'firstname',
  lastname: 'lastname',
  companyname: 'companyname',
  captchaToken: 'captcha',
};

const OPTIONAL_FIELDS = ['firstname', 'lastname', 'companyname'] as const;

interface RegisterFormProps {
  /**
   * Signed in at once and left where it is (the order wizard's checkout), instead of the notice
   * and the move on to /login.
   */
  stayAfterSignUp?: boolean;
  /** Replaces the link to sign in (the order wizard's toggle to Login). */
  footer?: ReactNode;
}

/**
 * Sign up (portal spec §2, §5): creates the account, signs in with it and moves on to /login
 * (which, for a signed-in user, leads to the dashboard) after REGISTER_REDIRECT_MS.
 */
export function RegisterForm({ stayAfterSignUp = false, footer }: RegisterFormProps = {}) {
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [session, setSession] = useState<SessionResponse | null>(null);
  const captchaRef = useRef<CaptchaHandle>(null);
  const registerMutation = useRegister();
  const navigate = useNavigate();

  const form = useForm({
    mode: 'controlled',
    initialValues: {
      email: '',
      password: '',
      passwordConfirmation: '',
      firstname: '',
      lastname: '',
      companyname: '',
      captcha: '',
    },
    validate: {
      email: (value) =>
        emailError(value, {
          required: 'The email field is required.',
          invalid: 'The email must be a valid email address.',
        }),
      password: (value) => (value === '' ? 'The password field is required.' : null),
      passwordConfirmation: (value, values) => (value !== values.password ? 'Passwords do not match' : null),
    },
  });

  const { setFieldError } = form;
  const handleCaptcha = useCallback(
    (payload: string | null) => {
      setCaptchaToken(payload);
      if (payload) setFieldError('captcha', null);
    },
    [setFieldError],
  );

  // Sign in for good once the notice has been shown, then go on.
  useEffect(() => {
    if (!session) return;
    const finish = () => setSessionUser(session.user);
    const timer = window.setTimeout(() => {
      finish();
      navigate(paths.login, { replace: true });
    }, REGISTER_REDIRECT_MS);
    return () => {
      window.clearTimeout(timer);
      finish();
    };
  }, [session, navigate]);

  const submit = form.onSubmit((values) => {
    setFormError(null);
    if (!captchaToken) {
      form.setFieldError('captcha', ErrorText.captchaRequired);
      return;
    }
    const body: RegisterRequest = {
      email: values.email.trim(),
      password: values.password,
      password_confirmation: values.passwordConfirmation,
      captchaToken,
    };
    for (const field of OPTIONAL_FIELDS) {
      const value = values[field].trim();
      if (value !== '') body[field] = value;
    }
    registerMutation.mutate(body, {
      onSuccess: (response) => {
        setToken(response.token);
        if (stayAfterSignUp) setSessionUser(response.user);
        else setSession(response);
      },
      onError: (error) => setFormError(applyAuthError(error, form, FIELD_MAP)),
      onSettled: () => captchaRef.current?.reset(),
    });
  });

  if (session) {
    return (
      <Alert color="green" variant="light" title="Account created" role="status">
        Your account has been created and you are now signed in. Redirecting…
      </Alert>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormError message={formError} />
        <TextInput
          label="Email Address"
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="new-password"
          required
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Confirm Password"
          autoComplete="new-password"
          required
          {...form.getInputProps('passwordConfirmation')}
        />
        <Group grow align="flex-start">
          <TextInput
            label="First Name (Optional)"
            autoComplete="given-name"
            {...form.getInputProps('firstname')}
          />
          <TextInput
            label="Last Name (Optional)"
            autoComplete="family-name"
            {...form.getInputProps('lastname')}
          />
        </Group>
        <TextInput
          label="Company Name (Optional)"
          autoComplete="organization"
          {...form.getInputProps('companyname')}
        />
        <Captcha
          ref={captchaRef}
          onChange={handleCaptcha}
          error={form.errors.captcha as string | undefined}
        />
        <Button type="submit" loading={registerMutation.isPending} fullWidth>
          Create Account
        </Button>
        {footer ?? (
          <Text size="sm" ta="center">
            Already have an account?{' '}
            <Anchor component={Link} to={paths.login}>
              Sign In
            </Anchor>
          </Text>
        )}
      </Stack>
    </form>
  );
}
