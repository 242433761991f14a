import type { Card, CardListResponse } from '@rackdesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';

/**
 * The account's saved cards, one list for every page that offers them: the Billing Info tab
 * manages them, an invoice's card Pay Now offers them, so a card added on one shows on the other.
 */
export const cardsQueryKey = ['cards'] as const;
export const cardsApiPath = '/billing/card';

export async function getCards(): Promise<Card[]> {
  return (await api.get<CardListResponse>(cardsApiPath)).paymethods;
}

export const cardsQuery = () => queryOptions({ queryKey: cardsQueryKey, queryFn: getCards });

/** `GET billing/card`. */
export function useCards() {
  return useQuery(cardsQuery());
}

/**
 * The card a selection falls back to when the selected one is gone (portal spec §4): the one still
 * selected when it exists, else the default card, else the first card; undefined without cards.
 */
export function selectedCardAfter(
  cards: readonly Card[],
  selectedId: number | undefined,
): number | undefined {
  if (selectedId !== undefined && cards.some((card) => card.id === selectedId)) return selectedId;
  return (cards.find((card) => card.is_default) ?? cards[0])?.id;
}

/** How a card is named in lists and selects: 'Visa ending in 4242 (12/29)'. */
export const cardLabel = (card: Card) =>
  `${card.card_type} ending in ${card.card_last_four} (${card.expiry_date})`;
