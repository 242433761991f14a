import {
  activeListStatuses,
  dueInvoiceStatuses,
  type InvoiceSummary,
  type ServiceListItem,
  serviceSortColumns,
  serviceTypeOf,
  type TicketSummary,
  ticketSortColumns,
} from '@rackdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, tickets } from '../src/db/schema/index.ts';
import { DemoProduct } from '../src/seed/catalog.ts';
import {
  allPermissions,
  bearer,
  createService,
  createUser,
  loginToken,
  noPermissions,
} from './support/fixtures.ts';
import { createInvoice } from './support/invoices.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * The lists that grow without bound, paged, sorted, filtered and searched by the server: on
 * small lists, every page walked by cursor forwards and back gives exactly what the spec's
 * client-side rules (table search, sorting with N/A dates last, the services checkbox, the
 * dashboard's filters) make of the whole unpaged list, ties broken by id.
 */

type Key = string | number | undefined;

/** The table's sort: keys compared in code point order, undefined (N/A) last either way, then ids. */
function sortedBy<T extends { id: number }>(rows: T[], key: (row: T) => Key, order: 'asc' | 'desc'): T[] {
  const sign = order === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const [ka, kb] = [key(a), key(b)];
    if (ka === undefined || kb === undefined) {
      if (ka !== kb) return ka === undefined ? 1 : -1;
    } else if (ka !== kb) {
      return (ka < kb ? -1 : 1) * sign;
    }
    return (a.id - b.id) * sign;
  });
}

/** The table's search: a case-insensitive substring of any configured field. */
const matches = (fields: unknown[], q: string) =>
  q.trim() === '' || fields.some((field) => String(field).toLowerCase().includes(q.trim().toLowerCase()));

const serviceKeys: Record<(typeof serviceSortColumns)[number], (s: ServiceListItem) => Key> = {
  name: (s) => s.domain.toLowerCase(),
  type: (s) => serviceTypeOf(s.groupname),
  ip: (s) => s.dedicatedip.toLowerCase(),
  price: (s) => Number(s.recurringamount),
  nextduedate: (s) => (s.nextduedate === '0000-00-00' ? undefined : s.nextduedate),
  status: (s) => s.status.toLowerCase(),
};

const ticketKeys: Record<(typeof ticketSortColumns)[number], (t: TicketSummary) => Key> = {
  department: (t) => t.deptname.toLowerCase(),
  subject: (t) => t.subject.toLowerCase(),
  lastupdate: (t) => t.lastreply,
  status: (t) => t.status.toLowerCase(),
};

interface Paged<T> {
  totalresults: number;
  startnumber: number;
  numreturned: number;
  next_cursor: string | null;
  prev_cursor: string | null;
  rows: T[];
}

describe('server-side lists', () => {
  let t: TestApp;
  let token: string;
  let ownerId: number;
  let serviceIds: number[];

  const get = (url: string, as = token) =>
    t.app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(as) });

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await createUser(t);
    ownerId = owner.id;
    token = await loginToken(t.app, owner.email, owner.password);
    const services = [
      { domain: 'Alpha.example', dedicatedIp: '10.0.0.2', recurringAmountCents: 1000, status: 'Active' },
      { domain: 'alpha.example', dedicatedIp: '10.0.0.10', recurringAmountCents: 1000, status: 'Active' },
      {
        domain: 'box2.example',
        dedicatedIp: '',
        recurringAmountCents: 500,
        status: 'Pending',
        nextDueDate: null,
      },
      {
        domain: 'box10.example',
        dedicatedIp: '203.0.113.9',
        recurringAmountCents: 8900,
        status: 'Suspended',
      },
      {
        domain: 'zeta_50%.example',
        dedicatedIp: '203.0.113.10',
        recurringAmountCents: 0,
        status: 'Cancelled',
      },
      {
        domain: 'Omega.example',
        dedicatedIp: '198.51.100.1',
        recurringAmountCents: 2500,
        status: 'Terminated',
      },
      {
        domain: 'storage.example',
        dedicatedIp: '',
        recurringAmountCents: 500,
        status: 'Active',
        nextDueDate: null,
      },
      { domain: 'mid.example', dedicatedIp: '192.0.2.1', recurringAmountCents: 1999, status: 'Active' },
    ] as const;
    const products = [
      DemoProduct.instantE3NewYork,
      DemoProduct.dw4gNewYork,
      DemoProduct.ddosVps2G,
      DemoProduct.instantE3Chicago,
      DemoProduct.virtualServer4G,
      DemoProduct.dw2gChicago,
      DemoProduct.dw8gNewYork,
      DemoProduct.instantE3NewYork,
    ];
    serviceIds = [];
    for (const [index, values] of services.entries()) {
      const service = await createService(t, ownerId, {
        ...values,
        productId: products[index]!,
        nextDueDate: 'nextDueDate' in values ? values.nextDueDate : `2030-0${(index % 3) + 1}-01`,
      });
      serviceIds.push(service.id);
    }
    // Two unpaid invoices of one service: its tag links to the older; a paid one links nothing.
    await createInvoice(t, ownerId, { serviceId: serviceIds[3]! });
    await createInvoice(t, ownerId, { serviceId: serviceIds[3]! });
    await createInvoice(t, ownerId, { serviceId: serviceIds[0]!, status: 'Paid' });
  });
  afterAll(() => t.close());

  /** Every page of a list from the first by next_cursor, then back from the last by prev_cursor. */
  async function walk<T extends { id: number }>(
    path: string,
    params: Record<string, string>,
    rowsOf: (body: Record<string, unknown>) => T[],
    as = token,
  ): Promise<{ forwards: T[]; backwards: T[]; pages: Paged<T>[] }> {
    const read = async (extra: Record<string, string>): Promise<Paged<T>> => {
      const response = await get(`${path}?${new URLSearchParams({ ...params, ...extra })}`, as);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      return { ...body, rows: rowsOf(body) };
    };
    const pages = [await read({})];
    expect(pages[0]!.prev_cursor).toBeNull();
    while (pages.at(-1)!.next_cursor) pages.push(await read({ cursor: pages.at(-1)!.next_cursor! }));
    const forwards = pages.flatMap((page) => page.rows);
    const placeOf = (page: Paged<T>) => forwards.findIndex((row) => row.id === page.rows[0]?.id);
    const back: T[][] = [pages.at(-1)!.rows];
    let current = pages.at(-1)!;
    while (current.prev_cursor) {
      current = await read({ cursor: current.prev_cursor });
      back.unshift(current.rows);
      pages.push(current);
    }
    for (const page of pages) {
      expect(page.numreturned).toBe(page.rows.length);
      if (page.rows.length > 0) expect(page.startnumber).toBe(placeOf(page));
    }
    return { forwards, backwards: back.flat(), pages };
  }

  const allServices = async (): Promise<ServiceListItem[]> =>
    (await get('/services')).json().products.product;

  describe('GET services', () => {
    it('answers as before without list parameters: every service in id order, nothing added', async () => {
      const body = (await get('/services')).json();
      expect(Object.keys(body).sort()).toEqual(['products', 'totalresults']);
      expect(body.products.product.map((s: ServiceListItem) => s.id)).toEqual(serviceIds);
      expect(body.totalresults).toBe(serviceIds.length);
      const due = body.products.product.find((s: ServiceListItem) => s.id === serviceIds[3]);
      const paid = body.products.product.find((s: ServiceListItem) => s.id === serviceIds[0]);
      expect(due.invoice_id).not.toBeNull();
      expect(paid.invoice_id).toBeNull();
    });

    it.each(
      serviceSortColumns.flatMap((sort) => (['asc', 'desc'] as const).map((order) => [sort, order] as const)),
    )('sorts by %s %s on the server as the table does, walked forwards and back', async (sort, order) => {
      const all = await allServices();
      for (const showAll of [false, true]) {
        const expected = sortedBy(
          all.filter((s) => showAll || activeListStatuses.includes(s.status)),
          serviceKeys[sort],
          order,
        );
        const { forwards, backwards, pages } = await walk(
          '/services',
          { limitnum: '3', sort, order, show_all: String(showAll) },
          (body) => (body.products as { product: ServiceListItem[] }).product,
        );
        expect(forwards.map((s) => s.id)).toEqual(expected.map((s) => s.id));
        expect(backwards.map((s) => s.id)).toEqual(expected.map((s) => s.id));
        expect(forwards).toEqual(expected);
        expect(pages.every((page) => page.totalresults === expected.length)).toBe(true);
      }
    });

    it.each(['ALPHA', '10', 'pending', 'chicago', 'xeon', '50%', '_', 'nothing-like-it', '  box  '])(
      'searches %j across the fields the search box matches',
      async (q) => {
        const all = await allServices();
        const expected = all.filter(
          (s) =>
            activeListStatuses.includes(s.status) &&
            matches([s.domain, s.name, s.dedicatedip, s.status, s.groupname], q),
        );
        const body = (await get(`/services?${new URLSearchParams({ limitnum: '100', q })}`)).json();
        expect(body.products.product.map((s: ServiceListItem) => s.id)).toEqual(expected.map((s) => s.id));
        expect(body.totalresults).toBe(expected.length);
        expect(body.next_cursor).toBeNull();
      },
    );

    it('pages by offset for older clients, with the totals', async () => {
      const all = (await allServices()).filter((s) => activeListStatuses.includes(s.status));
      const body = (await get('/services?limitstart=2&limitnum=2')).json();
      expect(body.products.product.map((s: ServiceListItem) => s.id)).toEqual(
        all.slice(2, 4).map((s) => s.id),
      );
      expect(body).toMatchObject({ totalresults: all.length, startnumber: 2, numreturned: 2 });
      expect(body.prev_cursor).not.toBeNull();
      const previous = (await get(`/services?limitnum=2&cursor=${body.prev_cursor}`)).json();
      expect(previous.products.product.map((s: ServiceListItem) => s.id)).toEqual(
        all.slice(0, 2).map((s) => s.id),
      );
      expect(previous).toMatchObject({ startnumber: 0, prev_cursor: null });
    });

    it('keeps a sub-account to its whitelist, and without the services permission refuses it', async () => {
      const sub = await createUser(t, {
        parentId: ownerId,
        permissions: { ...noPermissions, services: true },
        serviceWhitelist: [serviceIds[1]!, serviceIds[4]!],
      });
      const subToken = await loginToken(t.app, sub.email, sub.password);
      const page = (await get('/services?limitnum=10&show_all=true', subToken)).json();
      expect(page.products.product.map((s: ServiceListItem) => s.id)).toEqual([serviceIds[1], serviceIds[4]]);
      expect(page.totalresults).toBe(2);
      const active = (await get('/services?limitnum=10', subToken)).json();
      expect(active.products.product.map((s: ServiceListItem) => s.id)).toEqual([serviceIds[1]]);
      const none = await createUser(t, {
        parentId: ownerId,
        permissions: allPermissions,
        serviceWhitelist: [],
      });
      const noneToken = await loginToken(t.app, none.email, none.password);
      expect((await get('/services?limitnum=10', noneToken)).json()).toMatchObject({
        totalresults: 0,
        next_cursor: null,
      });
      const barred = await createUser(t, {
        parentId: ownerId,
        permissions: { ...allPermissions, services: false },
      });
      const barredToken = await loginToken(t.app, barred.email, barred.password);
      expect((await get('/services?limitnum=10', barredToken)).statusCode).toBe(403);
    });
  });

  describe('bad list parameters', () => {
    it.each([
      '/services?limitnum=0',
      '/services?limitnum=101',
      '/services?limitnum=1.5',
      '/services?limitnum=%2010',
      '/services?limitstart=-1',
      '/services?limitnum=5&limitnum=6',
      '/services?sort=domain',
      '/services?sort=name&order=up',
      '/services?show_all=1',
      '/services?show_all=TRUE',
      '/services?show_all=yes',
      `/services?q=${'x'.repeat(65)}`,
      '/services?q=a%00b',
      '/services?cursor=not-a-cursor',
      '/services?cursor=%22%27',
      '/services?limitstart=0&cursor=abc',
      '/support?sort=lastreply',
      '/support?open_only=yes',
      '/support?limitnum=101',
      '/invoices?due=1',
      '/invoices?limitnum=101',
      '/invoices?cursor=W10',
    ])('refuses %s with 422 and a message', async (url) => {
      const response = await get(url);
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().message).toEqual(expect.any(String));
    });

    it('refuses a cursor made for another sort, order, filter or search, or forged', async () => {
      const first = (await get('/services?limitnum=2&sort=name')).json();
      for (const other of [
        'sort=ip',
        'sort=name&order=desc',
        'sort=name&show_all=true',
        'sort=name&q=a',
        '',
      ]) {
        const response = await get(`/services?limitnum=2&${other}&cursor=${first.next_cursor}`);
        expect(response.statusCode, other).toBe(422);
        expect(response.json().message).toBe('The cursor is not valid for this list.');
      }
      const [mark] = JSON.parse(Buffer.from(first.next_cursor, 'base64url').toString());
      for (const payload of [
        [mark, 'x', 0, 'n', 0],
        [mark, 5, 1, 'n', 0],
        [mark, 'x', 1, 'sideways', 0],
        [mark, 'x', 1, 'n', -1],
        [mark, 'x'.repeat(2000), 1, 'n', 0],
      ]) {
        const cursor = Buffer.from(JSON.stringify(payload)).toString('base64url');
        expect((await get(`/services?limitnum=2&sort=name&cursor=${cursor}`)).statusCode).toBe(422);
      }
      // A key that does not fit its column's type is refused before it reaches the database.
      const priced = (await get('/services?limitnum=2&sort=price')).json();
      const [priceMark] = JSON.parse(Buffer.from(priced.next_cursor, 'base64url').toString());
      for (const key of ['ten', '1e3', '99999999999']) {
        const cursor = Buffer.from(JSON.stringify([priceMark, key, 1, 'n', 0])).toString('base64url');
        expect((await get(`/services?limitnum=2&sort=price&cursor=${cursor}`)).statusCode).toBe(422);
      }
      const dated = (await get('/services?limitnum=2&sort=nextduedate')).json();
      const [dateMark] = JSON.parse(Buffer.from(dated.next_cursor, 'base64url').toString());
      for (const key of ['2030-02-30', 'tomorrow', '2030-1-1']) {
        const cursor = Buffer.from(JSON.stringify([dateMark, key, 1, 'n', 0])).toString('base64url');
        expect((await get(`/services?limitnum=2&sort=nextduedate&cursor=${cursor}`)).statusCode).toBe(422);
      }
    });
  });

  describe('GET support', () => {
    let ticketIds: number[];
    beforeAll(async () => {
      const rows = [
        { departmentId: 1, subject: 'Server down', status: 'Open', at: '2026-11-20T10:00:00.123456Z' },
        { departmentId: 2, subject: 'server upgrade?', status: 'Closed', at: '2026-11-21T10:00:00Z' },
        {
          departmentId: 3,
          subject: 'Invoice 100%',
          status: 'Awaiting Reply',
          at: '2026-11-20T10:00:00.123456Z',
        },
        { departmentId: 1, subject: 'Billing_question', status: 'Closed', at: '2026-11-19T08:00:00Z' },
        { departmentId: 3, subject: 'Refund', status: 'Open', at: '2026-11-22T23:59:59.999999Z' },
        { departmentId: 2, subject: 'Another server', status: 'Awaiting Reply', at: '2026-11-18T00:00:00Z' },
      ] as const;
      ticketIds = [];
      for (const [index, row] of rows.entries()) {
        const [inserted] = await t.database.db
          .insert(tickets)
          .values({
            tid: String(700000 + index + Math.floor(Math.random() * 1000) * 10),
            userId: ownerId,
            departmentId: row.departmentId,
            subject: row.subject,
            status: row.status,
            lastReplyAt: new Date(row.at),
          })
          .returning({ id: tickets.id });
        ticketIds.push(inserted!.id);
      }
      // Microseconds the JavaScript Date cannot hold: the cursor must keep them.
      await t.database.db.execute(
        `update tickets set last_reply_at = '2026-11-20 10:00:00.123456+00' where id in (${ticketIds[0]}, ${ticketIds[2]})` as never,
      );
    });

    const allTickets = async (): Promise<TicketSummary[]> =>
      (await get('/support')).json().tickets.tickets.ticket;

    it('answers as before without list parameters, most recently updated first', async () => {
      const body = (await get('/support')).json();
      expect(Object.keys(body).sort()).toEqual(['departments', 'tickets']);
      expect(body.tickets.totalresults).toBe(ticketIds.length);
      expect(body.tickets.tickets.ticket.map((x: TicketSummary) => x.id)).toEqual(
        sortedBy(body.tickets.tickets.ticket as TicketSummary[], ticketKeys.lastupdate, 'desc').map(
          (x) => x.id,
        ),
      );
    });

    it.each(
      ticketSortColumns.flatMap((sort) => (['asc', 'desc'] as const).map((order) => [sort, order] as const)),
    )('sorts by %s %s, walked forwards and back', async (sort, order) => {
      const expected = sortedBy(await allTickets(), ticketKeys[sort], order);
      const { forwards, backwards, pages } = await walk(
        '/support',
        { limitnum: '4', sort, order },
        (body) => (body.tickets as { tickets: { ticket: TicketSummary[] } }).tickets.ticket,
      );
      expect(forwards).toEqual(expected);
      expect(backwards).toEqual(expected);
      expect(pages.every((page) => page.totalresults === expected.length)).toBe(true);
    });

    it.each(['SERVER', '100%', '_', 'zzz'])('searches the subject for %j', async (q) => {
      const all = await allTickets();
      const expected = all.filter((x) => matches([x.subject], q));
      const body = (await get(`/support?${new URLSearchParams({ limitnum: '10', q })}`)).json();
      expect(body.tickets.tickets.ticket).toEqual(expected);
      expect(body.tickets.totalresults).toBe(expected.length);
      expect(body.totalresults).toBe(expected.length);
    });

    it('gives the dashboard only tickets not Closed, and keeps the support permission', async () => {
      const all = await allTickets();
      const body = (await get('/support?limitnum=5&open_only=true')).json();
      expect(body.tickets.tickets.ticket).toEqual(all.filter((x) => x.status !== 'Closed').slice(0, 5));
      const barred = await createUser(t, {
        parentId: ownerId,
        permissions: { ...allPermissions, support: false },
      });
      const barredToken = await loginToken(t.app, barred.email, barred.password);
      expect((await get('/support?limitnum=5&open_only=true', barredToken)).statusCode).toBe(403);
    });
  });

  describe('GET invoices', () => {
    beforeAll(async () => {
      const dates = ['2026-01-05', '2026-03-01', '2026-03-01', '2025-12-31', '2026-03-01', '2026-02-10'];
      const statuses = ['Paid', 'Unpaid', 'Cancelled', 'Unpaid', 'Paid', 'Refunded'] as const;
      for (const [index, date] of dates.entries()) {
        const [row] = await t.database.db
          .insert(invoices)
          .values({
            userId: ownerId,
            date,
            dueDate: index === 3 ? '2026-01-01' : '2099-01-01',
            status: statuses[index]!,
          })
          .returning({ id: invoices.id });
        expect(row!.id).toBeGreaterThan(0);
      }
    });

    const allInvoices = async (): Promise<InvoiceSummary[]> =>
      (await get('/invoices')).json().invoices.invoice;

    it('answers as before without paging parameters', async () => {
      const body = (await get('/invoices')).json();
      expect(Object.keys(body).sort()).toEqual(['invoices', 'numreturned', 'startnumber', 'totalresults']);
    });

    it.each([
      {},
      { due: 'true' },
      { status: 'Paid' },
      { q: 'paid' },
      { due: 'true', status: 'Overdue' },
      { due: 'false' },
    ])('pages %j newest first by cursor, forwards and back', async (params) => {
      const all = await allInvoices();
      const statuses = (params as { status?: string }).status;
      const expected = sortedBy(
        all.filter(
          (invoice) =>
            (!('due' in params) || params.due !== 'true' || dueInvoiceStatuses.includes(invoice.status)) &&
            (!statuses || invoice.status === statuses) &&
            (!('q' in params) || invoice.status.toLowerCase().startsWith(params.q!)),
        ),
        (invoice) => invoice.date,
        'desc',
      );
      const { forwards, backwards } = await walk(
        '/invoices',
        { limitnum: '2', ...params },
        (body) => (body.invoices as { invoice: InvoiceSummary[] }).invoice,
      );
      expect(forwards).toEqual(expected);
      expect(backwards).toEqual(expected);
    });
  });
});
