import { activeListStatuses, dueInvoiceStatuses, serviceSortColumns } from '@rackdesk/contract';
import type { Db } from '../../db/client.ts';
import { pageRequestOf, type PageRequest } from '../../db/paging/keyset.ts';
import { todayUtc } from '../../lib/dates.ts';
import { invoiceSort, InvoicesRepository } from '../billing/invoices.repository.ts';
import { serviceList, type ServiceListFilter, serviceSort } from '../services/services-list.ts';
import { ticketList, ticketSort } from '../support/ticket-list.ts';

/** One statement a list runs, with its parameters, for `EXPLAIN`. */
export interface ListStatement {
  label: string;
  sql: string;
  params: unknown[];
}

const PAGE = 10;

/** A page after a boundary row, as the page after a first page is asked for. */
const after = (key: string | null, id: number): PageRequest => ({
  limit: PAGE,
  offset: 0,
  fingerprint: '',
  cursor: { key, id, direction: 'next', at: PAGE },
});

/**
 * The statements the list calls run for one account, exactly as the API builds them (the same
 * builders, the same parameters): the first pages of each list in each order the web app asks
 * for, a page after a cursor (read from the account's own first page), the searches and the
 * dashboard's filters. The scale bench prints their plans.
 */
export async function hotListQueries(db: Db, accountId: number): Promise<ListStatement[]> {
  const statements: ListStatement[] = [];
  const first = (sort: Parameters<typeof pageRequestOf>[1]) => pageRequestOf({ limitnum: PAGE }, sort, []);

  const services = serviceList(db);
  const active: ServiceListFilter = { accountId, onlyIds: null, statuses: activeListStatuses, search: '' };
  statements.push({
    label: 'GET services (whole list)',
    ...services.sql({ filter: { ...active, statuses: null }, sort: undefined, order: 'asc', page: null }),
  });
  for (const sort of [undefined, ...serviceSortColumns]) {
    statements.push({
      label: `GET services page 1, sort ${sort ?? 'id'}`,
      ...services.sql({ filter: active, sort, order: 'asc', page: first(serviceSort(sort, 'asc')) }),
    });
  }
  const firstByName = await services.rows({
    filter: active,
    sort: 'name',
    order: 'desc',
    page: first(serviceSort('name', 'desc')),
  });
  const lastService = firstByName.at(-1);
  if (lastService) {
    statements.push({
      label: 'GET services page 2 by cursor, sort name desc',
      ...services.sql({
        filter: active,
        sort: 'name',
        order: 'desc',
        page: after(lastService.sortKey, lastService.service.id),
      }),
    });
  }
  statements.push({
    label: 'GET services search',
    ...services.sql({
      filter: { ...active, search: 'example' },
      sort: undefined,
      order: 'asc',
      page: first(serviceSort(undefined, 'asc')),
    }),
  });

  const invoices = new InvoicesRepository(db);
  const today = todayUtc();
  statements.push({
    label: 'GET invoices (whole list)',
    ...invoices.listSql(accountId, { today }, null),
  });
  statements.push({
    label: 'GET invoices page 1',
    ...invoices.listSql(accountId, { today }, first(invoiceSort)),
  });
  const firstInvoices = await invoices.list(accountId, { today }, first(invoiceSort));
  const lastInvoice = firstInvoices.at(-1);
  if (lastInvoice) {
    statements.push({
      label: 'GET invoices page 2 by cursor',
      ...invoices.listSql(accountId, { today }, after(lastInvoice.sortKey, lastInvoice.id)),
    });
  }
  statements.push({
    label: 'GET invoices?due=true (dashboard)',
    ...invoices.listSql(accountId, { today, statuses: dueInvoiceStatuses }, first(invoiceSort)),
  });
  statements.push({
    label: 'GET invoices search by number',
    ...invoices.listSql(accountId, { today, idPrefix: '12' }, first(invoiceSort)),
  });

  const tickets = ticketList(db);
  const ticketPage = (label: string, filter: { openOnly?: boolean; search?: string }) =>
    statements.push({
      label,
      ...tickets.sql({
        filter: { accountId, openOnly: false, search: '', ...filter },
        sort: undefined,
        order: 'desc',
        page: first(ticketSort(undefined, undefined)),
      }),
    });
  ticketPage('GET support page 1', {});
  ticketPage('GET support?open_only=true (dashboard)', { openOnly: true });
  ticketPage('GET support search', { search: 'server' });
  return statements;
}
