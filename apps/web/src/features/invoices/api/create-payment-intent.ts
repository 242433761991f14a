import type { PaymentIntentResponse } from '@rackdesk/contract';
import { api } from '../../../lib/api-client.ts';

/** `GET billing/payment-intent`: a Stripe payment intent of the invoice's balance (with a saved card). */
export function createPaymentIntent(invoiceId: number, cardId?: number): Promise<PaymentIntentResponse> {
  const query = new URLSearchParams({ invoice_id: String(invoiceId) });
  if (cardId !== undefined) query.set('card_id', String(cardId));
  return api.get<PaymentIntentResponse>(`/billing/payment-intent?${query}`);
}
