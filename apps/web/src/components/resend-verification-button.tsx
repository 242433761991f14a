import { Button } from '@mantine/core';
import { useResendVerification } from '../lib/resend-verification.ts';

/** 'Resend Verification Email': one action wherever the panel asks for a verified address. */
export function ResendVerificationButton() {
  const resend = useResendVerification();
  return (
    <Button
      size="xs"
      variant="outline"
      color="dark"
      loading={resend.isPending}
      onClick={() => resend.mutate()}
    >
      Resend Verification Email
    </Button>
  );
}
