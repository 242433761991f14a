import { useDocumentTitle } from '@mantine/hooks';
import { AuthLayout } from '../../features/auth/components/auth-layout.tsx';
import { LoginForm } from '../../features/auth/components/login-form.tsx';

export function LoginRoute() {
  useDocumentTitle('Sign In · Rackdesk');
  return (
    <AuthLayout title="Sign In" subtitle="Sign in to manage your servers, invoices and tickets.">
      <LoginForm />
    </AuthLayout>
  );
}
