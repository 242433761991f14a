import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PASSWORD_MIN_LENGTH } from '@rackdesk/contract';
import { useState } from 'react';
import { Link } from '../../../lib/routing.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { FormError } from './form-error.tsx';

/** Sets a new password with the token of a reset link; the form is hidden once it worked. */
export function NewPasswordForm({ token }: { token: string }) {
  const [errorText, setErrorText] = useState<string | null>(null);
  const resetMutation = useResetPassword();

  const form = useForm({
    mode: 'controlled',
    initialValues: { password: '', confirmation: '' },
    validate: {
      password: (value) =>
        value === ''
          ? 'New Password is required.'
          : value.length < PASSWORD_MIN_LENGTH
            ? 'Password must be at least 8 characters.'
            : null,
      confirmation: (value, values) =>
        value === ''
          ? 'Confirm New Password is required.'
          : value !== values.password
            ? 'Passwords must match.'
            : null,
    },
  });

  const submit = form.onSubmit((values) => {
    setErrorText(null);
    resetMutation.mutate(
      { token, password: values.password, password_confirmation: values.confirmation },
      {
        onError: (error) =>
          setErrorText(
            isApiError(error) && error.message ? error.message : 'An error occurred. Please try again.',
          ),
      },
    );
  });

  if (resetMutation.isSuccess) {
    return (
      <Stack gap="md">
        <Alert color="green" variant="light" role="status">
          Your password has been successfully reset.
        </Alert>
        <Text size="sm">
          You can now{' '}
          <Anchor component={Link} to={paths.login}>
            Sign In
          </Anchor>{' '}
          with your new password.
        </Text>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormError message={errorText} />
        <PasswordInput
          label="New Password"
          autoComplete="new-password"
          required
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Confirm New Password"
          autoComplete="new-password"
          required
          {...form.getInputProps('confirmation')}
        />
        <Button type="submit" loading={resetMutation.isPending} fullWidth>
          Reset
        </Button>
        <Anchor component={Link} to={paths.login} size="sm" ta="center">
          Back to Sign In
        </Anchor>
      </Stack>
    </form>
  );
}
