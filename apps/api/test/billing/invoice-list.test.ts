import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createService, createUser, loginToken } from '../support/fixtures.ts';
import { createInvoice } from '../support/invoices.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** `GET invoices` paged on the server: limitstart, limitnum, status and the search `q`. */
describe('invoice list paging and search', () => {
  let t: TestApp;
  let token: string;
  let serviceId: number;
  /** Owner A's invoices, newest first (created one after another on one date: by id). */
  let newestFirst: number[];
  const statusOf = new Map<number, string>();

  beforeAll(async () => {
    t = await createTestApp();
    const a = await createUser(t);
    const b = await createUser(t);
    token = await loginToken(t.app, a.email, a.password);
    serviceId = (await createService(t, a.id)).id;
    const made: number[] = [];
    const add = async (status: string, options: Parameters<typeof createInvoice>[2]) => {
      const id = await createInvoice(t, a.id, options);
      statusOf.set(id, status);
      made.push(id);
    };
    for (let i = 0; i < 4; i += 1) await add('Paid', { status: 'Paid' });
    for (let i = 0; i < 3; i += 1) await add('Overdue', { dueInDays: -5 });
    for (let i = 0; i < 3; i += 1) await add('Unpaid', { dueInDays: 5, serviceId });
    await add('Cancelled', { status: 'Cancelled' });
    await add('Refunded', { status: 'Refunded' });
    newestFirst = made.reverse();
    // Owner B's invoices never show.
    for (let i = 0; i < 3; i += 1) await createInvoice(t, b.id);
  });
  afterAll(() => t.close());

  const list = async (query: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/invoices${query}`,
      headers: bearer(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    return { ...body, ids: body.invoices.invoice.map((invoice: { id: number }) => invoice.id) as number[] };
  };

  it('gives every invoice without paging parameters, as the dashboard reads them', async () => {
    const body = await list('');
    expect(body).toMatchObject({ totalresults: 12, startnumber: 0, numreturned: 12 });
    expect(body.ids).toEqual(newestFirst);
  });

  it('pages newest first, counting every match', async () => {
    expect(await list('?limitstart=0&limitnum=5')).toMatchObject({
      totalresults: 12,
      startnumber: 0,
      numreturned: 5,
      ids: newestFirst.slice(0, 5),
    });
    expect((await list('?limitstart=10&limitnum=5')).ids).toEqual(newestFirst.slice(10));
    expect(await list('?limitstart=50&limitnum=5')).toMatchObject({
      totalresults: 12,
      numreturned: 0,
      ids: [],
    });
    expect((await list('?limitnum=3')).ids).toEqual(newestFirst.slice(0, 3));
    expect((await list('?limitstart=2')).ids).toEqual(newestFirst.slice(2));
  });

  it('filters by the status as shown: Overdue apart from Unpaid', async () => {
    for (const status of ['Paid', 'Overdue', 'Unpaid', 'Cancelled', 'Refunded']) {
      const expected = newestFirst.filter((id) => statusOf.get(id) === status);
      const body = await list(`?status=${status}&limitnum=100`);
      expect(body.ids, status).toEqual(expected);
      expect(body.totalresults).toBe(expected.length);
      expect(body.invoices.invoice.every((invoice: { status: string }) => invoice.status === status)).toBe(
        true,
      );
    }
    expect((await list('?status=Collections')).ids).toEqual([]);
  });

  it('searches by the start of the invoice number or of the status', async () => {
    const target = newestFirst[4]!;
    expect((await list(`?q=${target}&limitnum=10`)).ids).toContain(target);
    expect((await list(`?q=%23${target}`)).ids).toContain(target);
    const prefix = String(target).slice(0, 1);
    const byPrefix = (await list(`?q=${prefix}&limitnum=100`)).ids;
    expect(byPrefix).toEqual(newestFirst.filter((id) => String(id).startsWith(prefix)));
    expect((await list('?q=overd&limitnum=2')).totalresults).toBe(3);
    expect((await list('?q=UNPAID')).ids).toEqual(newestFirst.filter((id) => statusOf.get(id) === 'Unpaid'));
    expect((await list('?q=no-such-thing')).totalresults).toBe(0);
    expect((await list('?q=p&status=Paid')).totalresults).toBe(4);
  });

  it('pages the invoices of one service', async () => {
    const body = await list(`?relid=${serviceId}&limitnum=2`);
    expect(body).toMatchObject({ totalresults: 3, numreturned: 2 });
    expect(body.ids).toEqual(newestFirst.filter((id) => statusOf.get(id) === 'Unpaid').slice(0, 2));
  });

  it('refuses bad paging and search parameters with 422', async () => {
    for (const query of [
      'limitnum=101',
      'limitnum=0',
      'limitnum=-1',
      'limitnum=abc',
      'limitnum=2.5',
      'limitstart=-1',
      'limitstart=1e3',
      'limitstart=',
      'status=unpaid',
      'status=Paid,Unpaid',
      `q=${'x'.repeat(65)}`,
      'q=a%00b',
      'q=a%0Ab',
      'limitnum=5&limitnum=6',
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/invoices?${query}`,
        headers: bearer(token),
      });
      expect(response.statusCode, query).toBe(422);
      expect(response.json().message, query).toEqual(expect.any(String));
    }
  });
});
