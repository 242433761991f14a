import type { SubAccountPermission } from '@rackdesk/contract';
import { useCurrentUser } from '../lib/auth.ts';
import { hasPermission } from '../lib/user-access.ts';
import { paths } from '../lib/paths.ts';
import { Navigate, useLocation } from '../lib/routing.tsx';
import type { FromState, GuardProps } from './guards.tsx';

// The guards of the signed-in pages, apart from those /login needs (guards.tsx): they load with
// the routes they guard.

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

/** Sub-account permission gate: without it, the dashboard. Guests pass (public routes). */
export function RequirePermission({
  permission,
  children,
}: GuardProps & { permission: SubAccountPermission }) {
  const { data: user } = useCurrentUser();
  if (user && !hasPermission(user, permission)) return <Navigate to={paths.dashboard} replace />;
  return children;
}
