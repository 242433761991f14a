import { serviceSortColumns } from '@rackdesk/contract';
import { signIn } from './api-reads.ts';
import type { ApiCall } from './captured-reads.ts';
import type { BenchServer } from './server.ts';

/** One GET an account makes, measured under load and explained. */
export type ScaleCall = ApiCall;

const PAGE = 'limitnum=25';
/** The dashboard cards' rows (apps/web dashboard: DASHBOARD_CARD_ROWS). */
const DASHBOARD_CARD_ROWS = 10;

/**
 * Every list and detail call of the pages an account opens: the dashboard's, the service list
 * (whole, first and next page, each sort, a search, show-all), the invoices (first page, a page in
 * the middle reached by cursors, filters, searches), the tickets, and one of each detail. Ids and
 * cursors come from the account's own first pages.
 */
export async function accountCalls(
  server: BenchServer,
  label: string,
  account: { email: string; password: string },
): Promise<ScaleCall[]> {
  const token = await signIn(server, account.email, account.password);
  const get = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  };
  const services = await get<{ next_cursor: string | null; products: { product: { id: number }[] } }>(
    `/api/services?${PAGE}`,
  );
  const invoices = await get<InvoicePage>(`/api/invoices?${PAGE}`);
  const tickets = await get<{ tickets: { tickets: { ticket: { tid: string }[] } } }>(`/api/support?${PAGE}`);
  const middle = await middlePage(get, invoices);

  const calls: [string, string][] = [
    ['GET user', '/api/user'],
    ['dashboard: invoices due', `/api/invoices?due=true&limitnum=${DASHBOARD_CARD_ROWS}`],
    ['dashboard: open tickets', `/api/support?open_only=true&limitnum=${DASHBOARD_CARD_ROWS}`],
    ['dashboard: news', '/api/news'],
    ['services, whole list', '/api/services'],
    ['services, first page', `/api/services?${PAGE}`],
    ...(services.next_cursor
      ? [['services, next page', `/api/services?${PAGE}&cursor=${services.next_cursor}`] as [string, string]]
      : []),
    ...serviceSortColumns.map((column): [string, string] => [
      `services by ${column}`,
      `/api/services?${PAGE}&sort=${column}`,
    ]),
    ['services by nextduedate desc', `/api/services?${PAGE}&sort=nextduedate&order=desc`],
    ['services, search "web"', `/api/services?${PAGE}&q=web`],
    ['services, show all', `/api/services?${PAGE}&show_all=true`],
    ['invoices, first page', `/api/invoices?${PAGE}`],
    ...(middle ? [[`invoices, page at ${middle.at}`, middle.path] as [string, string]] : []),
    ['invoices, status Unpaid', `/api/invoices?${PAGE}&status=Unpaid`],
    ['invoices, status Overdue', `/api/invoices?${PAGE}&status=Overdue`],
    ['invoices, due page', `/api/invoices?${PAGE}&due=true`],
    ['invoices, whole list (spec shape)', '/api/invoices'],
    ['invoices, search "12"', `/api/invoices?${PAGE}&q=12`],
    ['invoices, search "paid"', `/api/invoices?${PAGE}&q=paid`],
    ['tickets, first page', `/api/support?${PAGE}`],
    ['tickets, search "server"', `/api/support?${PAGE}&q=server`],
    ['tickets, whole list', '/api/support'],
  ];
  const firstService = services.products.product[0];
  if (firstService) calls.push(['service detail', `/api/services/${firstService.id}`]);
  const firstInvoice = invoices.invoices.invoice[0];
  if (firstInvoice) calls.push(['invoice detail', `/api/invoices/${firstInvoice.id}`]);
  const firstTicket = tickets.tickets.tickets.ticket[0];
  if (firstTicket) calls.push(['ticket thread', `/api/support/${firstTicket.tid}`]);
  return calls.map(([title, path]) => ({ title: `${label}: ${title}`, path, token }));
}

interface InvoicePage {
  totalresults: number;
  startnumber: number;
  next_cursor?: string | null;
  invoices: { invoice: { id: number }[] };
}

/** Follows the invoice list's cursors to its middle: a deep page as a customer paging through reaches it. */
async function middlePage(get: <T>(path: string) => Promise<T>, first: InvoicePage) {
  let page = first;
  let path = '';
  while (page.next_cursor && page.startnumber < first.totalresults / 2) {
    path = `/api/invoices?${PAGE}&cursor=${page.next_cursor}`;
    page = await get<InvoicePage>(path);
  }
  if (path) return { path, at: `${page.startnumber} by cursor` };
  // A list without cursors yet: the same depth by offset.
  const at = Math.floor(first.totalresults / 2);
  return at > 0 ? { path: `/api/invoices?${PAGE}&limitstart=${at}`, at: `${at} by offset` } : undefined;
}
