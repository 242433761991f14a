import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useResendVerification } from '../api/resend-verification.ts';

/**
 * The warning shown while the e-mail is unverified, with a resend action. The shell listens for
 * the verification event, so the banner disappears as soon as the address is verified elsewhere.
 */
export function UnverifiedEmailBanner({ email, verified }: { email: string; verified: boolean }) {
  const resend = useResendVerification();
  if (verified) return null;

  return (
    <Alert
      color="yellow"
      variant="light"
      title="Please verify your email address"
      icon={<IconAlertTriangle aria-hidden="true" />}
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          We sent a verification link to {email}. Orders are not processed until your email address is
          verified.
        </Text>
        <Button
          size="xs"
          variant="outline"
          color="dark"
          loading={resend.isPending}
          onClick={() => resend.mutate()}
        >
          Resend Verification Email
        </Button>
      </Stack>
    </Alert>
  );
}
