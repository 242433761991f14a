import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { cycleMonths, latestInvoiceOpen, latestPeriodStart, monthsBefore } from './service-periods.ts';

/** A second line on one invoice in nine (not on storage blocks). */
const EXTRA_IP = { description: 'Additional IPv4 Address', cents: 300 };

/**
 * Works out every invoice once, in a temporary table the three inserts below read: which service
 * it bills (by its place in its group, as insertServices counted them), the period, the status
 * (the latest open when the service says so, older ones mostly Paid, a few Cancelled or
 * Refunded), the amounts and the gateway that took the money.
 */
export async function planInvoices(db: DbOrTx): Promise<void> {
  const months = cycleMonths(sql`s.billing_cycle`);
  await db.execute(sql`
    create temporary table scale_invoice_plan on commit drop as
    with placed as (
      select g.first_invoice_id + x as id, x,
        g.first_service_id + case when x < g.new_order_count then g.service_count - g.new_order_count + x
          else (x - g.new_order_count) % (g.service_count - g.new_order_count) end as service_id,
        case when x < g.new_order_count then 0
          else (x - g.new_order_count) / (g.service_count - g.new_order_count) end as k
      from scale_groups g, generate_series(0, g.invoice_count - 1) x
    ),
    periods as (
      select p.id, p.x, p.k, s.id as service_id, s.user_id, s.status as service_status, s.reg_date,
        s.recurring_amount_cents as amount, sp.kind, sp.name as product_name, s.domain,
        ${latestInvoiceOpen(sql`s.status`, sql`s.next_due_date`)} as latest_open,
        ${monthsBefore(latestPeriodStart(sql`s.status`, sql`s.next_due_date`, months), sql`${months} * p.k`)}
          as period_start,
        ${months} as months, random() as r
      from placed p
      join services s on s.id = p.service_id
      join scale_products sp on sp.id = s.product_id
    )
    select id, service_id, user_id, product_name, domain, amount, period_start,
      (period_start + make_interval(months => months))::date - 1 as period_end,
      case when period_start = reg_date then period_start else period_start - 7 end as date,
      case when kind <> 'storage' and x % 9 = 4 then ${EXTRA_IP.cents} else 0 end as extra,
      case when k = 0 and latest_open then 'Unpaid'
        when k = 0 and service_status = 'Fraud' then 'Cancelled'
        when r < 0.985 then 'Paid' when r < 0.995 then 'Cancelled' else 'Refunded' end as status,
      (array['stripe', 'stripe', 'stripe', 'stripe', 'stripe', 'stripe', 'paypal', 'paypal',
        'cryptomusgateway', 'bitpaycheckout'])[1 + x % 10] as gateway,
      make_interval(hours => 2 + (x % 70)::int, mins => (x % 60)::int) as paid_after
    from periods`);
}

export async function insertInvoices(db: DbOrTx): Promise<void> {
  await db.execute(sql`
    insert into invoices (id, user_id, date, due_date, date_paid, status, subtotal_cents, total_cents,
      paid_cents, payment_method, created_at)
    select id, user_id, date, period_start,
      case when status in ('Paid', 'Refunded') then date + paid_after end,
      status, amount + extra, amount + extra, case when status = 'Paid' then amount + extra else 0 end,
      gateway, date + time '06:00'
    from scale_invoice_plan`);
}

/**
 * The renewal line of the service for its period, and the extra address where there is one. Each
 * statement below reads the plan once (a second line comes from a lateral pair, not a second scan
 * of ten million rows).
 */
export async function insertInvoiceItems(db: DbOrTx): Promise<void> {
  await db.execute(sql`
    insert into invoice_items (invoice_id, type, service_id, description, amount_cents, period_start, period_end)
    select id, 'Hosting',
      case when line.is_extra then null else service_id end,
      case when line.is_extra then ${EXTRA_IP.description}
        else product_name || ' - ' || domain end || ' (' || period_start || ' - ' || period_end || ')',
      case when line.is_extra then extra else amount end,
      case when line.is_extra then null else period_start end,
      case when line.is_extra then null else period_end end
    from scale_invoice_plan
    cross join lateral (values (false), (true)) as line(is_extra)
    where not line.is_extra or extra > 0`);
}

/**
 * The gateway payment of each Paid invoice (and of each Refunded one, with the refund that gave
 * it back), so paid_cents is the sum of an invoice's transactions, as the settlement keeps it.
 * Transaction ids look like each gateway's and are unique per gateway.
 */
export async function insertTransactions(db: DbOrTx): Promise<void> {
  const transId = sql`case gateway
      when 'stripe' then 'ch_' || substr(md5(id::text), 1, 24)
      when 'paypal' then upper(substr(md5(id::text), 1, 17))
      when 'cryptomusgateway' then md5(id::text)::uuid::text
      else substr(md5(id::text), 1, 22) end`;
  const total = sql`(amount + extra)`;
  await db.execute(sql`
    insert into transactions (user_id, invoice_id, gateway, trans_id, amount_in_cents, amount_out_cents,
      fees_cents, description, date)
    select user_id, id, gateway,
      case when move.refund then 're_' else '' end || ${transId},
      case when move.refund then 0 else ${total} end,
      case when move.refund then ${total} else 0 end,
      case when move.refund then 0 when gateway = 'stripe' then round(${total} * 0.029)::int + 30
        else round(${total} * 0.01)::int end,
      case when move.refund then 'Refund' else 'Invoice Payment' end,
      date + paid_after + case when move.refund then interval '3 days' else interval '0' end
    from scale_invoice_plan
    cross join lateral (values (false), (true)) as move(refund)
    where status in ('Paid', 'Refunded') and (not move.refund or status = 'Refunded')`);
}
