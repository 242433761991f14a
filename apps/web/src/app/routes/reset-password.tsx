import { useDocumentTitle } from '@mantine/hooks';
import { useParams } from '../../lib/route-params.ts';
import { AuthLayout } from '../../features/auth/components/auth-layout.tsx';
import { NewPasswordForm } from '../../features/auth/components/new-password-form.tsx';
import { ResetRequestForm } from '../../features/auth/components/reset-request-form.tsx';

export function ResetPasswordRequestRoute() {
  useDocumentTitle('Reset Password · Rackdesk');
  return (
    <AuthLayout title="Reset Password" subtitle="Enter your email address and we will send you a reset link.">
      <ResetRequestForm />
    </AuthLayout>
  );
}

export function ResetPasswordTokenRoute() {
  useDocumentTitle('Set New Password · Rackdesk');
  const { token = '' } = useParams();
  return (
    <AuthLayout title="Set New Password">
      <NewPasswordForm token={token} />
    </AuthLayout>
  );
}
