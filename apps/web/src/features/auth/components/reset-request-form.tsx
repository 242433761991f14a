import { Alert, Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ErrorCode, ErrorText } from '@rackdesk/contract';
import { useState } from 'react';
import { Link } from '../../../lib/routing.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { emailError } from '../../../lib/email.ts';
import { paths } from '../../../lib/paths.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { FormError } from './form-error.tsx';

function resetRequestErrorText(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 429) return ErrorText.tooManyAttempts;
    if (
      error.status === 403 &&
      (error.code === ErrorCode.accountClosed || error.code === ErrorCode.subAccountResetNotAllowed) &&
      error.message
    ) {
      return error.message;
    }
  }
  return 'An error occurred while resetting your password. Please try again.';
}

/** Asks for a reset link by e-mail (portal spec §2, §8). */
export function ResetRequestForm() {
  const [errorText, setErrorText] = useState<string | null>(null);
  const requestMutation = useRequestPasswordReset();
  const sent = requestMutation.isSuccess;

  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: {
      email: (value) =>
        emailError(value, {
          required: 'Email Address is required.',
          invalid: 'Please enter a valid email address.',
        }),
    },
  });

  const submit = form.onSubmit(({ email }) => {
    setErrorText(null);
    requestMutation.mutate(
      { email: email.trim() },
      { onError: (error) => setErrorText(resetRequestErrorText(error)) },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {sent ? (
          <Alert color="green" variant="light" role="status">
            Password reset request sent.
          </Alert>
        ) : null}
        <FormError message={errorText} />
        <TextInput
          label="Email Address"
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        <Button type="submit" loading={requestMutation.isPending} disabled={sent} fullWidth>
          Request Reset
        </Button>
        <Group justify="space-between">
          <Anchor component={Link} to={paths.login} size="sm">
            Sign In
          </Anchor>
          <Anchor component={Link} to={paths.register} size="sm">
            Create Account
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
