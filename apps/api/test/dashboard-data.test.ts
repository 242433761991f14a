import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcements, invoices, tickets } from '../src/db/schema/index.ts';
import { seedCatalog } from '../src/seed/catalog.ts';
import { bearer, createUser, loginToken } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

describe('the dashboard reads: invoices, tickets, news', () => {
  let t: TestApp;
  let token: string;
  let ownerId: number;
  beforeAll(async () => {
    t = await createTestApp();
    await seedCatalog(t.database.db);
    const owner = await createUser(t);
    ownerId = owner.id;
    token = await loginToken(t.app, owner.email, owner.password);
  });
  afterAll(() => t.close());

  const get = async (url: string) =>
    (await t.app.inject({ method: 'GET', url, headers: bearer(token) })).json();

  it('lists invoices newest first, with an unpaid one past due shown as Overdue', async () => {
    const other = await createUser(t);
    await t.database.db.insert(invoices).values([
      { userId: ownerId, date: '2020-01-01', dueDate: '2020-01-08', status: 'Unpaid', totalCents: 1000 },
      { userId: ownerId, date: '2099-01-01', dueDate: '2099-01-08', status: 'Unpaid', totalCents: 2050 },
      { userId: ownerId, date: '2024-06-01', dueDate: '2024-06-08', status: 'Paid', totalCents: 500 },
      { userId: other.id, date: '2024-06-01', dueDate: '2024-06-08', status: 'Unpaid', totalCents: 500 },
    ]);
    const body = await get('/api/invoices');
    expect(body.totalresults).toBe(3);
    expect(body.invoices.invoice.map((i: { status: string }) => i.status)).toEqual([
      'Unpaid',
      'Paid',
      'Overdue',
    ]);
    expect(body.invoices.invoice[0]).toMatchObject({
      total: '20.50',
      balance: '20.50',
      duedate: '2099-01-08',
      currencyprefix: '$',
      currencysuffix: ' USD',
    });
  });

  it('lists the account’s tickets with the last reply in New York time and the departments', async () => {
    await t.database.db.insert(tickets).values([
      {
        tid: '100001',
        userId: ownerId,
        departmentId: 1,
        subject: 'Winter ticket',
        lastReplyAt: new Date('2026-01-15T17:04:05Z'),
      },
      {
        tid: '100002',
        userId: ownerId,
        departmentId: 2,
        subject: 'Closed one',
        status: 'Closed',
        lastReplyAt: new Date('2025-07-01T03:00:00Z'),
      },
    ]);
    const body = await get('/api/support');
    expect(body.tickets.totalresults).toBe(2);
    expect(body.tickets.tickets.ticket[0]).toMatchObject({
      tid: '100001',
      subject: 'Winter ticket',
      status: 'Open',
      deptname: 'Technical Support',
      lastreply: '2026-01-15 12:04:05',
    });
    expect(body.tickets.tickets.ticket[1].lastreply).toBe('2025-06-30 23:00:00');
    expect(body.departments.department.map((d: { id: number }) => d.id)).toEqual([1, 2, 3]);
  });

  it('lists published news newest first, to guests too', async () => {
    await t.database.db.insert(announcements).values([
      { title: 'Older', publishedAt: new Date('2026-01-01T00:00:00Z') },
      { title: 'Newer', publishedAt: new Date('2026-02-01T00:00:00Z') },
      { title: 'Draft', published: false, publishedAt: new Date('2026-03-01T00:00:00Z') },
    ]);
    const body = (await t.app.inject({ method: 'GET', url: '/api/news' })).json();
    expect(body.announcements.announcement.map((a: { title: string }) => a.title)).toEqual([
      'Newer',
      'Older',
    ]);
  });
});
