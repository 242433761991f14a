import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { paths } from '../lib/paths.ts';
import { GuestOnly, RequireAuth, RequirePermission, SessionGate } from './guards.tsx';
import { RouteError } from './route-error.tsx';

/** A lazily loaded route module: `page(() => import(...), 'ExportName')`. */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return async () => ({ Component: (await load())[name] });
}

const supportPages = () => import('./routes/support.tsx');
const supportTicketPage = () => import('./routes/support-ticket.tsx');
const servicePage = () => import('./routes/service.tsx');
const resetPages = () => import('./routes/reset-password.tsx');
const verifyPage = () => import('./routes/verify-email.tsx');
const orderPages = () => import('./routes/order.tsx');
const invoicePage = () => import('./routes/invoice.tsx');

/** The route table of the servers spec §2. */
export const routes: RouteObject[] = [
  {
    element: <SessionGate />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Navigate to={paths.dashboard} replace /> },
      {
        element: <GuestOnly />,
        children: [
          { path: 'login', lazy: page(() => import('./routes/login.tsx'), 'LoginRoute') },
          { path: 'register', lazy: page(() => import('./routes/register.tsx'), 'RegisterRoute') },
        ],
      },
      { path: 'reset-password', lazy: page(resetPages, 'ResetPasswordRequestRoute') },
      { path: 'reset-password/:token', lazy: page(resetPages, 'ResetPasswordTokenRoute') },
      { path: 'verify-email', lazy: page(verifyPage, 'VerifyEmailRoute') },
      { path: 'verify-email/:token', lazy: page(verifyPage, 'VerifyEmailRoute') },
      { path: 'logout', lazy: page(() => import('./routes/logout.tsx'), 'LogoutRoute') },
      {
        lazy: page(() => import('./shell/app-layout.tsx'), 'AppLayout'),
        children: [
          {
            element: <RequireAuth />,
            children: [
              { path: 'dashboard', lazy: page(() => import('./routes/dashboard.tsx'), 'DashboardRoute') },
              { path: 'account/*', lazy: page(() => import('./routes/account.tsx'), 'AccountRoute') },
              {
                element: <RequirePermission permission="services" />,
                children: [
                  { path: 'services', lazy: page(() => import('./routes/services.tsx'), 'ServicesRoute') },
                  { path: 'services/:id', lazy: page(servicePage, 'ServiceRoute') },
                  {
                    path: 'services/dedicated/:id',
                    lazy: page(() => import('./routes/dedicated.tsx'), 'DedicatedServerRoute'),
                  },
                  { path: 'services/vps/:id', lazy: page(() => import('./routes/vps.tsx'), 'VpsRoute') },
                  {
                    path: 'services/vps/v2/:id',
                    lazy: page(() => import('./routes/vps-v2.tsx'), 'VpsV2Route'),
                  },
                  { path: 'services/storage/:id', lazy: page(servicePage, 'ServiceRoute') },
                ],
              },
              {
                element: <RequirePermission permission="billing" />,
                children: [
                  { path: 'invoices', lazy: page(() => import('./routes/invoices.tsx'), 'InvoicesRoute') },
                  { path: 'invoices/:id', lazy: page(invoicePage, 'InvoiceRoute') },
                ],
              },
              {
                element: <RequirePermission permission="support" />,
                children: [{ path: 'support', lazy: page(supportPages, 'SupportListRoute') }],
              },
            ],
          },
          {
            element: <RequirePermission permission="order" />,
            children: [
              { path: 'order', lazy: page(orderPages, 'OrderRoute') },
              { path: 'order/:id', lazy: page(orderPages, 'OrderDedicatedRoute') },
              { path: 'order/vps/:id', lazy: page(orderPages, 'OrderVpsRoute') },
              { path: 'order/storage/:id', lazy: page(orderPages, 'OrderStorageRoute') },
              { path: 'order/invoice/:id', lazy: page(invoicePage, 'OrderInvoiceRoute') },
            ],
          },
          {
            element: <RequirePermission permission="support" />,
            children: [
              { path: 'support/new', lazy: page(supportPages, 'SupportNewRoute') },
              { path: 'support/:tid', lazy: page(supportTicketPage, 'SupportTicketRoute') },
            ],
          },
          { path: '*', lazy: page(() => import('./routes/not-found.tsx'), 'NotFoundRoute') },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
