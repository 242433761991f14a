import type { SubAccountPermission } from '@rackdesk/contract';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { PageLoader } from '../components/page-loader.tsx';
import { paths } from '../lib/paths.ts';
import { Navigate, useLocation } from '../lib/routing.tsx';
import { GuestOnly, RequireAuth, RequirePermission, SessionGate } from './guards.tsx';
import { RouteErrorBoundary } from './route-error.tsx';

/** A lazily loaded page: `page(() => import(...), 'ExportName')`, fetched when first shown. */
function page<K extends string, P extends object = object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
) {
  return lazy(async () => ({ default: (await load())[name] }));
}

const supportPages = () => import('./routes/support.tsx');
const resetPages = () => import('./routes/reset-password.tsx');
const orderPages = () => import('./routes/order.tsx');
const invoicePages = () => import('./routes/invoice.tsx');
const servicePages = () => import('./routes/service.tsx');

const queryProvider = () => import('./query-provider.tsx');
// Every page but /login needs the query cache: its chunk is fetched beside the session check at
// start rather than after it, ahead of the page's own chunks.
if (window.location.pathname !== paths.login) void queryProvider();
const QueryProvider = page<'QueryProvider', { children: ReactNode }>(queryProvider, 'QueryProvider');
const LoginRoute = page(() => import('./routes/login.tsx'), 'LoginRoute');
const RegisterRoute = page(() => import('./routes/register.tsx'), 'RegisterRoute');
const ResetPasswordRequestRoute = page(resetPages, 'ResetPasswordRequestRoute');
const ResetPasswordTokenRoute = page(resetPages, 'ResetPasswordTokenRoute');
const VerifyEmailRoute = page(() => import('./routes/verify-email.tsx'), 'VerifyEmailRoute');
const LogoutRoute = page(() => import('./routes/logout.tsx'), 'LogoutRoute');
const AppLayout = page<'AppLayout', { children: ReactNode }>(
  () => import('./shell/app-layout.tsx'),
  'AppLayout',
);
const DashboardRoute = page(() => import('./routes/dashboard.tsx'), 'DashboardRoute');
const AccountRoute = page(() => import('./routes/account.tsx'), 'AccountRoute');
const ServicesRoute = page(() => import('./routes/services.tsx'), 'ServicesRoute');
const ServiceRoute = page(servicePages, 'ServiceRoute');
const DedicatedServerRoute = page(() => import('./routes/dedicated.tsx'), 'DedicatedServerRoute');
const VpsRoute = page(() => import('./routes/vps.tsx'), 'VpsRoute');
const VpsV2Route = page(() => import('./routes/vps-v2.tsx'), 'VpsV2Route');
const InvoicesRoute = page(() => import('./routes/invoices.tsx'), 'InvoicesRoute');
const InvoiceRoute = page(invoicePages, 'InvoiceRoute');
const OrderInvoiceRoute = page(invoicePages, 'OrderInvoiceRoute');
const SupportListRoute = page(supportPages, 'SupportListRoute');
const SupportNewRoute = page(supportPages, 'SupportNewRoute');
const SupportTicketRoute = page(() => import('./routes/support-ticket.tsx'), 'SupportTicketRoute');
const OrderRoute = page(orderPages, 'OrderRoute');
const OrderDedicatedRoute = page(orderPages, 'OrderDedicatedRoute');
const OrderVpsRoute = page(orderPages, 'OrderVpsRoute');
const OrderStorageRoute = page(orderPages, 'OrderStorageRoute');
const NotFoundRoute = page(() => import('./routes/not-found.tsx'), 'NotFoundRoute');

interface ShellPage {
  path: string;
  Page: ComponentType;
  /** Signed-in users only (guests go to /login); otherwise guests may open it too. */
  member: boolean;
  /** A sub-account needs this permission, or it goes to the dashboard. */
  permission?: SubAccountPermission;
}

/** The pages inside the shell (servers spec §2), in matching order: the first matching path wins. */
const shellPages: ShellPage[] = [
  { path: '/dashboard', Page: DashboardRoute, member: true },
  { path: '/account/*?', Page: AccountRoute, member: true },
  { path: '/services', Page: ServicesRoute, member: true, permission: 'services' },
  { path: '/services/dedicated/:id', Page: DedicatedServerRoute, member: true, permission: 'services' },
  { path: '/services/vps/v2/:id', Page: VpsV2Route, member: true, permission: 'services' },
  { path: '/services/vps/:id', Page: VpsRoute, member: true, permission: 'services' },
  { path: '/services/storage/:id', Page: ServiceRoute, member: true, permission: 'services' },
  { path: '/services/:id', Page: ServiceRoute, member: true, permission: 'services' },
  { path: '/invoices', Page: InvoicesRoute, member: true, permission: 'billing' },
  { path: '/invoices/:id', Page: InvoiceRoute, member: true, permission: 'billing' },
  { path: '/support', Page: SupportListRoute, member: true, permission: 'support' },
  // Guests may order and open tickets: the permission gate lets them through.
  { path: '/order', Page: OrderRoute, member: false, permission: 'order' },
  { path: '/order/vps/:id', Page: OrderVpsRoute, member: false, permission: 'order' },
  { path: '/order/storage/:id', Page: OrderStorageRoute, member: false, permission: 'order' },
  { path: '/order/invoice/:id', Page: OrderInvoiceRoute, member: false, permission: 'order' },
  { path: '/order/:id', Page: OrderDedicatedRoute, member: false, permission: 'order' },
  { path: '/support/new', Page: SupportNewRoute, member: false, permission: 'support' },
  { path: '/support/:tid', Page: SupportTicketRoute, member: false, permission: 'support' },
];

function GuardedPage({ Page, member, permission }: Omit<ShellPage, 'path'>) {
  const page = permission ? (
    <RequirePermission permission={permission}>
      <Page />
    </RequirePermission>
  ) : (
    <Page />
  );
  return member ? <RequireAuth>{page}</RequireAuth> : page;
}

function ShellRoutes() {
  return (
    <Switch>
      {shellPages.map(({ path, ...page }) => (
        <Route key={path} path={path}>
          <GuardedPage {...page} />
        </Route>
      ))}
      <Route>
        <NotFoundRoute />
      </Route>
    </Switch>
  );
}

/** The pages outside the shell but /login, then the shell's pages: they all use the query cache. */
function QueryRoutes() {
  return (
    <QueryProvider>
      <Switch>
        <Route path="/register">
          <GuestOnly>
            <RegisterRoute />
          </GuestOnly>
        </Route>
        <Route path="/reset-password">
          <ResetPasswordRequestRoute />
        </Route>
        <Route path="/reset-password/:token">
          <ResetPasswordTokenRoute />
        </Route>
        <Route path="/verify-email/:token?">
          <VerifyEmailRoute />
        </Route>
        <Route path="/logout">
          <LogoutRoute />
        </Route>
        <Route>
          <AppLayout>
            <ShellRoutes />
          </AppLayout>
        </Route>
      </Switch>
    </QueryProvider>
  );
}

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
