import { Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { PageLoader } from '../components/page-loader.tsx';
import { paths } from '../lib/paths.ts';
import { Navigate, useLocation } from '../lib/routing.tsx';
import { GuestOnly, SessionGate } from './guards.tsx';
import { page } from './lazy-page.ts';
import { RouteErrorBoundary } from './route-error.tsx';

const queryRoutes = () => import('./query-routes.tsx');
// Every page but /login needs these routes and the query cache: their chunk is fetched beside the
// session check at start rather than after it, ahead of the page's own chunks.
if (window.location.pathname !== paths.login) void queryRoutes();
const QueryRoutes = page(queryRoutes, 'QueryRoutes');
const LoginRoute = page(() => import('./routes/login.tsx'), 'LoginRoute');

/** The route table of the servers spec §2: public pages, then the shell's pages. */
export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary pathname={pathname}>
      <SessionGate>
        <Suspense fallback={<PageLoader />}>
          <Switch>
            <Route path="/">
              <Navigate to={paths.dashboard} replace />
            </Route>
            <Route path="/login">
              <GuestOnly>
                <LoginRoute />
              </GuestOnly>
            </Route>
            <Route>
              <QueryRoutes />
            </Route>
          </Switch>
        </Suspense>
      </SessionGate>
    </RouteErrorBoundary>
  );
}
