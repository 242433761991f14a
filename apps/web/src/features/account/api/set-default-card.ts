import type { Card } from '@rackdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { cardsApiPath, cardsQueryKey } from '../../../lib/cards.ts';
import { notify } from '../../../lib/notify.ts';
import { notifyFailure } from '../../../lib/notify-failure.ts';

export const setDefaultCard = (card: Pick<Card, 'id'>) =>
  api.patch<{ message: string; paymethods: Card[] }>(`${cardsApiPath}/${card.id}`, { set_as_default: true });

/** `PATCH billing/card/{id}` `{set_as_default: true}`. */
export function useSetDefaultCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDefaultCard,
    onSuccess: (response) => {
      queryClient.setQueryData(cardsQueryKey, response.paymethods);
      notify(response.message, 'success');
    },
    onError: (error) => notifyFailure('The default card could not be changed.', error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cardsQueryKey }),
  });
}
