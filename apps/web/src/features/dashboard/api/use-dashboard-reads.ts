import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { dueInvoicesQuery } from './get-due-invoices.ts';
import { latestNewsQuery } from './get-latest-news.ts';
import { recentTicketsQuery } from './get-recent-tickets.ts';

/** The cards the user may see: a sub-account without billing or support has no such card. */
export interface ShownCards {
  invoices: boolean;
  tickets: boolean;
}

/**
 * The dashboard's three reads, and whether every card the user sees has had its first answer (a
 * list or an error). The cards fill in together: on a phone they stack, and a card that filled in
 * after the others would push the ones under it down while the reader aims at them (a layout
 * shift). Once settled it stays so: a card read again later shows its own skeleton alone.
 */
export function useDashboardReads(shown: ShownCards) {
  const invoices = useQuery({ ...dueInvoicesQuery, enabled: shown.invoices });
  const tickets = useQuery({ ...recentTicketsQuery, enabled: shown.tickets });
  const news = useQuery(latestNewsQuery);
  const [settled, setSettled] = useState(false);
  const answered =
    (!shown.invoices || !invoices.isPending) && (!shown.tickets || !tickets.isPending) && !news.isPending;
  if (answered && !settled) setSettled(true);
  return { invoices, tickets, news, settled: settled || answered };
}
