import type { CardPayRequest, CardPayResponse } from '@rackdesk/contract';
import { api } from '../../../lib/api-client.ts';

/** `POST billing/card/pay/{id}`: the server fetches the confirmed intent from Stripe and records it. */
export const payByCard = (invoiceId: number, body: CardPayRequest) =>
  api.post<CardPayResponse>(`/billing/card/pay/${invoiceId}`, body);
