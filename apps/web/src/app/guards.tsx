import type { SubAccountPermission } from '@rackdesk/contract';
import type { ReactNode } from 'react';
import { PageLoader } from '../components/page-loader.tsx';
import { hasPermission, useCurrentUser } from '../lib/auth.ts';
import { paths } from '../lib/paths.ts';
import { Navigate, useLocation } from '../lib/routing.tsx';

interface FromState {
  from?: string;
}

interface GuardProps {
  children: ReactNode;
}

/** Waits for the session check at start, then renders the matched route. */
export function SessionGate({ children }: GuardProps) {
  const { isPending } = useCurrentUser();
  if (isPending) return <PageLoader />;
  return children;
}

/** Logged-in routes: guests go to /login, which sends them back here after signing in. */
export function RequireAuth({ children }: GuardProps) {
  const { data: user } = useCurrentUser();
  const location = useLocation();
  if (!user) {
    const from = `${location.pathname}${location.search}`;
    return <Navigate to={paths.login} replace state={{ from } satisfies FromState} />;
  }
  return children;
}

/** /login and /register: a signed-in user goes where they came from, or to the dashboard. */
export function GuestOnly({ children }: GuardProps) {
  const { data: user } = useCurrentUser();
  const location = useLocation();
  if (user) {
    const from = (location.state as FromState | null)?.from;
    const target = from?.startsWith('/') && !from.startsWith('//') ? from : paths.dashboard;
    return <Navigate to={target} replace />;
  }
  return children;
}

/** Sub-account permission gate: without it, the dashboard. Guests pass (public routes). */
export function RequirePermission({
  permission,
  children,
}: GuardProps & { permission: SubAccountPermission }) {
  const { data: user } = useCurrentUser();
  if (user && !hasPermission(user, permission)) return <Navigate to={paths.dashboard} replace />;
  return children;
}
