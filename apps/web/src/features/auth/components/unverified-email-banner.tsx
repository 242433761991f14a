import { Alert, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { ResendVerificationButton } from '../../../components/resend-verification-button.tsx';

/**
 * The warning shown while the e-mail is unverified, with a resend action. The shell listens for
 * the verification event, so the banner disappears as soon as the address is verified elsewhere.
 */
export function UnverifiedEmailBanner({ email, verified }: { email: string; verified: boolean }) {
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
        <ResendVerificationButton />
      </Stack>
    </Alert>
  );
}
