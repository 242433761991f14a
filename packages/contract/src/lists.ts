/**
 * The names of the lists' sort columns and their page limits, without zod, so that the web app's
 * tables can use them without loading any schema.
 */

/** The columns the service list sorts by, named as the table's columns (servers spec §2). */
export const serviceSortColumns = ['name', 'type', 'ip', 'price', 'nextduedate', 'status'] as const;
export type ServiceSortColumn = (typeof serviceSortColumns)[number];

/** The columns the ticket list sorts by (portal spec §2 Support). */
export const ticketSortColumns = ['department', 'subject', 'lastupdate', 'status'] as const;
export type TicketSortColumn = (typeof ticketSortColumns)[number];

export const sortOrders = ['asc', 'desc'] as const;
export type SortOrder = (typeof sortOrders)[number];

/** Most rows one page of a list holds. */
export const LIST_PAGE_MAX = 100;
/** A page asked for with `limitstart` or `cursor` alone holds this many. */
export const LIST_DEFAULT_PAGE_SIZE = 25;
/** Longest search a list accepts. */
export const LIST_SEARCH_MAX = 64;
/** Longest cursor a list accepts: a cursor is the server's own short token, never the client's text. */
export const LIST_CURSOR_MAX = 512;

/** The fields a paged answer adds beside the spec's array. */
export interface PageFields {
  totalresults: number;
  startnumber: number;
  numreturned: number;
  next_cursor: string | null;
  prev_cursor: string | null;
}
