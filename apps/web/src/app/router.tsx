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

/** A page of the signed-in panel; with a permission, sub-accounts without it go to the dashboard. */
function Member({ permission, children }: { permission?: SubAccountPermission; children: ReactNode }) {
  return (
    <RequireAuth>
      {permission ? <RequirePermission permission={permission}>{children}</RequirePermission> : children}
    </RequireAuth>
  );
}

/** The pages inside the shell (servers spec §2); the first matching path wins. */
function ShellRoutes() {
  return (
    <Switch>
      <Route path="/dashboard">
        <Member>
          <DashboardRoute />
        </Member>
      </Route>
      <Route path="/account/*?">
        <Member>
          <AccountRoute />
        </Member>
      </Route>
      <Route path="/services">
        <Member permission="services">
          <ServicesRoute />
        </Member>
      </Route>
      <Route path="/services/dedicated/:id">
        <Member permission="services">
          <DedicatedServerRoute />
        </Member>
      </Route>
      <Route path="/services/vps/v2/:id">
        <Member permission="services">
          <VpsV2Route />
        </Member>
      </Route>
      <Route path="/services/vps/:id">
        <Member permission="services">
          <VpsRoute />
        </Member>
      </Route>
      <Route path="/services/storage/:id">
        <Member permission="services">
          <ServiceRoute />
        </Member>
      </Route>
      <Route path="/services/:id">
        <Member permission="services">
          <ServiceRoute />
        </Member>
      </Route>
      <Route path="/invoices">
        <Member permission="billing">
          <InvoicesRoute />
        </Member>
      </Route>
      <Route path="/invoices/:id">
        <Member permission="billing">
          <InvoiceRoute />
        </Member>
      </Route>
      <Route path="/support">
        <Member permission="support">
          <SupportListRoute />
        </Member>
      </Route>
      {/* Guests may order and open tickets: the permission gate lets them through. */}
      <Route path="/order">
        <RequirePermission permission="order">
          <OrderRoute />
        </RequirePermission>
      </Route>
      <Route path="/order/vps/:id">
        <RequirePermission permission="order">
          <OrderVpsRoute />
        </RequirePermission>
      </Route>
      <Route path="/order/storage/:id">
        <RequirePermission permission="order">
          <OrderStorageRoute />
        </RequirePermission>
      </Route>
      <Route path="/order/invoice/:id">
        <RequirePermission permission="order">
          <OrderInvoiceRoute />
        </RequirePermission>
      </Route>
      <Route path="/order/:id">
        <RequirePermission permission="order">
          <OrderDedicatedRoute />
        </RequirePermission>
      </Route>
      <Route path="/support/new">
        <RequirePermission permission="support">
          <SupportNewRoute />
        </RequirePermission>
      </Route>
      <Route path="/support/:tid">
        <RequirePermission permission="support">
          <SupportTicketRoute />
        </RequirePermission>
      </Route>
      <Route>
        <NotFoundRoute />
      </Route>
    </Switch>
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
        </Suspense>
      </SessionGate>
    </RouteErrorBoundary>
  );
}
