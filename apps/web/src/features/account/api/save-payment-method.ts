import type { Card } from '@rackdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { cardsQueryKey } from '../../../lib/cards.ts';

export const savePaymentMethod = (setupIntentId: string) =>
  api.post<{ message: string; card: Card }>('/billing/save-payment-method', {
    setup_intent_id: setupIntentId,
  });

/** `POST billing/save-payment-method` after Stripe.js confirmed the setup intent. */
export function useSavePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePaymentMethod,
    onSettled: () => queryClient.invalidateQueries({ queryKey: cardsQueryKey }),
  });
}
