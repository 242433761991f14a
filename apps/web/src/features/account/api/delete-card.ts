import { type Card, CardText } from '@rackdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { cardsApiPath, cardsQueryKey } from '../../../lib/cards.ts';
import { notify } from '../../../lib/notify.ts';

export const deleteCard = (card: Pick<Card, 'id'>) =>
  api.delete<{ message: string; paymethods: Card[] }>(`${cardsApiPath}/${card.id}`);

/** `DELETE billing/card/{id}` with the spec's toasts (portal spec §8). */
export function useDeleteCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCard,
    onSuccess: (response) => {
      queryClient.setQueryData(cardsQueryKey, response.paymethods);
      notify(CardText.deleted, 'success');
    },
    onError: () => notify(CardText.deleteFailed, 'error'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cardsQueryKey }),
  });
}
