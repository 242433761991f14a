import { useDocumentTitle } from '@mantine/hooks';
import { AuthLayout } from '../../features/auth/components/auth-layout.tsx';
import { RegisterForm } from '../../features/auth/components/register-form.tsx';

export function RegisterRoute() {
  useDocumentTitle('Create Account · Rackdesk');
  return (
    <AuthLayout title="Create Account">
      <RegisterForm />
    </AuthLayout>
  );
}
