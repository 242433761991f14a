import { Alert, Anchor, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link } from '../../../lib/routing.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { markEmailVerified } from '../../../lib/auth.ts';
import { paths } from '../../../lib/paths.ts';
import { useVerifyEmail } from '../api/verify-email.ts';

function Failure({ message }: { message: string }) {
  return (
    <Stack gap="md" align="center">
      <Title order={1} size="h2">
        Verification Failed
      </Title>
      <Alert color="red" variant="light" w="100%">
        {message}
      </Alert>
      <Anchor component={Link} to={paths.supportNew}>
        Need help? Contact support
      </Anchor>
    </Stack>
  );
}

/** Verifies the e-mail address with the token of the mailed link (servers spec §4). */
export function VerifyEmailStatus({ token }: { token: string | undefined }) {
  const trimmed = token?.trim() ?? '';
  const verification = useVerifyEmail(trimmed, trimmed !== '');

  useEffect(() => {
    if (verification.isSuccess) markEmailVerified();
  }, [verification.isSuccess]);

  if (trimmed === '') return <Failure message="Invalid or missing token" />;

  if (verification.isPending) {
    return (
      <Stack gap="md" align="center" role="status">
        <Loader aria-hidden="true" />
        <Text>Verifying your email</Text>
      </Stack>
    );
  }

  if (verification.isError) {
    const error = verification.error;
    return <Failure message={isApiError(error) && error.message ? error.message : 'Verification failed'} />;
  }

  return (
    <Stack gap="md" align="center">
      <Title order={1} size="h2">
        Email Verified!
      </Title>
      <Text ta="center">Thank you, your email address has been verified.</Text>
      <Button component={Link} to={paths.dashboard}>
        Go to Dashboard
      </Button>
    </Stack>
  );
}
