import type { ReactNode } from 'react';
import { PageLoader } from '../components/page-loader.tsx';
import { useCurrentUser } from '../lib/auth.ts';
import { paths } from '../lib/paths.ts';
import { Navigate, useLocation } from '../lib/routing.tsx';

export interface FromState {
  from?: string;
}

export interface GuardProps {
  children: ReactNode;
}

/** Waits for the session check at start, then renders the matched route. */
export function SessionGate({ children }: GuardProps) {
  const { isPending } = useCurrentUser();
  if (isPending) return <PageLoader />;
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
