// First: before any page's chunk brings zod in.
import '../lib/zod-jitless.ts';
import type { SubAccountPermission } from '@rackdesk/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { Route, Switch } from 'wouter';
import { GuestOnly } from './guards.tsx';
import { RequireAuth, RequirePermission } from './member-guards.tsx';
import { page } from './lazy-page.ts';
import { queryClient } from './query-client.ts';

/**
 * Every route but /login, with the query cache they all use. A chunk of its own (with the query
 * library), so that the sign-in page's scripts carry neither the route table nor the list of every
 * page's files that the bundler keeps beside each lazy import.
 */

const supportPages = () => import('./routes/support.tsx');
const resetPages = () => import('./routes/reset-password.tsx');
const orderPages = () => import('./routes/order.tsx');
const invoicePages = () => import('./routes/invoice.tsx');
const servicePages = () => import('./routes/service.tsx');

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
export function QueryRoutes() {
  return (
    <QueryClientProvider client={queryClient}>
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
    </QueryClientProvider>
  );
}
