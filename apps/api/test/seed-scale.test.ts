import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbOrTx, queryRows } from '../src/db/client.ts';
import { scaleAccounts } from '../src/seed/scale/customers.ts';
import { SMALL_ACCOUNT, type ScaleSizes } from '../src/seed/scale/scale-plan.ts';
import { seedScale } from '../src/seed/scale/seed-scale.ts';
import { bearer, loginToken } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const sizes: ScaleSizes = {
  customers: 30,
  services: 140,
  invoices: 900,
  ticketsPerCustomer: 2,
  bigServices: 40,
  bigInvoices: 160,
  bigTickets: 12,
};

/** Every index and constraint of our tables, as the catalogue defines them. */
const schemaOf = (db: DbOrTx) =>
  queryRows<{ definition: string }>(
    db,
    sql`select indexdef as definition from pg_indexes where schemaname = 'public'
        union all
        select conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid)
        from pg_constraint where connamespace = 'public'::regnamespace
        order by 1`,
  );

describe('the scale seed', () => {
  let t: TestApp;
  let migratedSchema: { definition: string }[];
  const steps: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    migratedSchema = await schemaOf(t.database.db);
    expect(await seedScale(t.database, sizes, (step) => steps.push(step))).toBe(true);
  });
  afterAll(() => t.close());

  /** Each check below lists the rows that break a rule: none may be found. */
  const expectNone = async (query: SQL) => {
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from (${query}) broken`,
    );
    expect(row!.n).toBe(0);
  };

  it('reports each step, and a second run changes nothing', async () => {
    expect(steps).toContain('indexes and foreign keys');
    expect(await seedScale(t.database, sizes, () => {})).toBe(false);
  });

  it('leaves exactly the migrated schema: every index and foreign key it took off is back', async () => {
    expect(await schemaOf(t.database.db)).toEqual(migratedSchema);
  });

  it('writes the sizes asked for, the known accounts included', async () => {
    const [counts] = await queryRows<Record<string, number>>(
      t.database.db,
      sql`select
        (select count(*)::int from users where role = 'customer' and parent_id is null) as customers,
        (select count(*)::int from services) as services,
        (select count(*)::int from invoices) as invoices,
        (select count(*)::int from services s join users u on u.id = s.user_id
          where u.email = ${scaleAccounts.big.email}) as big_services,
        (select count(*)::int from invoices i join users u on u.id = i.user_id
          where u.email = ${scaleAccounts.big.email}) as big_invoices,
        (select count(*)::int from invoices i join users u on u.id = i.user_id
          where u.email = ${scaleAccounts.small.email}) as small_invoices`,
    );
    expect(counts).toEqual({
      customers: sizes.customers,
      services: sizes.services,
      invoices: sizes.invoices,
      big_services: sizes.bigServices,
      big_invoices: sizes.bigInvoices,
      small_invoices: SMALL_ACCOUNT.invoices,
    });
  });

  it('lets the known accounts and any customer sign in, and the app adds rows after the seeded ids', async () => {
    for (const account of [scaleAccounts.small, scaleAccounts.big, scaleAccounts.staff]) {
      const token = await loginToken(t.app, account.email, account.password);
      const user = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) });
      expect(user.json()).toMatchObject({ email: account.email });
    }
    const [customer] = await queryRows<{ email: string }>(
      t.database.db,
      sql`select email from users where role = 'customer' and email not like 'scale-%' order by id limit 1`,
    );
    await loginToken(t.app, customer!.email, scaleAccounts.customers.password);
    const big = await loginToken(t.app, scaleAccounts.big.email, scaleAccounts.big.password);
    const funds = await t.app.inject({
      method: 'POST',
      url: '/api/invoices/funds',
      headers: { ...bearer(big), 'idempotency-key': 'scale-seed-test' },
      payload: { amount: 25 },
    });
    expect(funds.statusCode).toBe(200);
  });

  it('gives every service an owner and a product, and bills it only to its owner', async () => {
    await expectNone(sql`select s.id from services s left join users u on u.id = s.user_id left join products p on p.id = s.product_id
            where u.id is null or u.role <> 'customer' or p.id is null or s.reg_date > s.next_due_date`);
    await expectNone(sql`select it.id from invoice_items it join invoices i on i.id = it.invoice_id
            join services s on s.id = it.service_id where s.user_id <> i.user_id`);
  });

  it('keeps every invoice equal to its items and its paid amount equal to its transactions', async () => {
    await expectNone(sql`select i.id from invoices i
            left join (select invoice_id, sum(amount_cents) as items from invoice_items group by 1) it on it.invoice_id = i.id
            where it.items is null or i.subtotal_cents <> it.items
              or i.total_cents <> i.subtotal_cents + i.tax_cents - i.credit_cents`);
    await expectNone(sql`select i.id from invoices i
            left join (select invoice_id, sum(amount_in_cents - amount_out_cents) as paid from transactions group by 1) tr
              on tr.invoice_id = i.id
            where i.paid_cents <> coalesce(tr.paid, 0)
              or (i.status = 'Paid' and (i.paid_cents <> i.total_cents or i.date_paid is null))
              or (i.status in ('Unpaid', 'Cancelled') and i.paid_cents <> 0)`);
  });

  it('keeps each account credit equal to its ledger, the last balance included', async () => {
    await expectNone(sql`select u.id from users u
            left join (select user_id, sum(amount_cents) as total, max(id) as last_id from credit_ledger group by 1) l
              on l.user_id = u.id
            left join credit_ledger last on last.id = l.last_id
            where u.credit_cents <> coalesce(l.total, 0) or u.credit_cents <> coalesce(last.balance_after_cents, 0)`);
  });

  it('opens every ticket with its customer message and dates its last reply', async () => {
    await expectNone(sql`select t.id from tickets t
            join lateral (select min(r.id) as first_id, max(r.created_at) as last_at from ticket_replies r
              where r.ticket_id = t.id) r on true
            left join ticket_replies first on first.id = r.first_id
            where first.user_id is distinct from t.user_id or r.last_at <> t.last_reply_at`);
  });
});
