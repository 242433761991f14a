import { ticketListsKey } from '../../../lib/ticket-list-key.ts';

/** Query keys of the support pages. */
export const supportKeys = {
  all: ['support'] as const,
  // Under the shared root, so that opening a ticket refreshes the dashboard's card as well.
  list: () => [...ticketListsKey, 'support'] as const,
  departments: () => [...supportKeys.all, 'departments'] as const,
  tickets: () => [...supportKeys.all, 'ticket'] as const,
  /** One thread, read as the signed-in user (guestKey null) or with a guest's access key. */
  ticket: (tid: string, guestKey: string | null) =>
    [...supportKeys.tickets(), tid, guestKey ?? 'account'] as const,
  image: (tid: string, replyid: number, name: string) =>
    [...supportKeys.all, 'image', tid, replyid, name] as const,
};

const guestQuery = (guestKey: string) => `?c=${encodeURIComponent(guestKey)}`;

/** Paths of the thread's calls (portal spec §7 Support; API.md guest tickets). */
export const supportApiPaths = {
  ticket: (tid: string) => `/support/${encodeURIComponent(tid)}`,
  close: (tid: string) => `/support/${encodeURIComponent(tid)}/close`,
  image: (tid: string, replyid: number, name: string) =>
    `/support/${encodeURIComponent(tid)}/reply/${replyid}/image/${encodeURIComponent(name)}`,
  guestTicket: (tid: string, guestKey: string) =>
    `/guest/support/${encodeURIComponent(tid)}${guestQuery(guestKey)}`,
  guestClose: (tid: string, guestKey: string) =>
    `/guest/support/${encodeURIComponent(tid)}/close${guestQuery(guestKey)}`,
};
