import type { InvoiceDetail, PaymentGateway } from '@rackdesk/contract';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

export interface PayButtonProps {
  invoice: InvoiceDetail;
  /** Called once the server has the payment, so the page reloads the invoice. */
  onPaid: () => void;
}

/**
 * The Pay Now control of each gateway (portal spec §4 'Invoice payment buttons'), each in a lazy
 * chunk of its own: a gateway's script and code load only when an invoice is paid with it.
 * A gateway without an entry cannot be chosen to pay.
 */
export const payButtons: Partial<Record<PaymentGateway, LazyExoticComponent<ComponentType<PayButtonProps>>>> =
  {
    stripe: lazy(() => import('./card-pay-button.tsx')),
    paypal: lazy(() => import('./paypal-pay-button.tsx')),
    cryptomusgateway: lazy(() => import('./cryptomus-pay-button.tsx')),
    bitpaycheckout: lazy(() => import('./bitcoin-pay-button.tsx')),
  };
