import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { cycleMonths, latestPeriodStart, monthsBefore } from './service-periods.ts';
import {
  addressPrefixes,
  hostWords,
  pick,
  siteWords,
  storageSizesGb,
  topLevelDomains,
} from './vocabulary.ts';

/** Storage blocks are priced by their size (the catalogue prices the size option, not the product). */
const STORAGE_CENTS_PER_GB = 5;

/**
 * Every service in one statement. Ordinary customers get their services unevenly (a few own
 * hundreds, most a handful); products are drawn from the catalogue; mostly Active and Monthly,
 * with suspended, cancelled and terminated ones, and the group's last few are new orders. Each
 * service's number of invoices follows from its place in its group (see scale_groups), which
 * fixes how far back it was registered.
 */
export async function insertServices(db: DbOrTx, productCount: number): Promise<void> {
  const hash = sql`(id::bigint * 2654435761 % 4294967296)`;
  const address = sql`${pick(addressPrefixes, sql`id`)} || '.' || (${hash} >> 16 & 255) || '.' ||
    (${hash} >> 8 & 255) || '.' || (1 + (${hash} & 255) % 254)`;
  const hostname = sql`${pick(hostWords, sql`id`)} || '-' || lpad((id % 100)::text, 2, '0') || '.' ||
    ${pick(siteWords, sql`user_id`)} || (user_id % 1000) || '.' || ${pick(topLevelDomains, sql`user_id / 16`)}`;
  const storageSize = (id = sql`id`) => pick(storageSizesGb, id);
  await db.execute(sql`
    with drawn as (
      select g.first_service_id + j as id,
        case when g.user_count = 1 then g.first_user_id
          else g.first_user_id + floor(g.user_count * power(random(), 1.6))::int end as user_id,
        j >= g.service_count - g.new_order_count as new_order,
        case when j >= g.service_count - g.new_order_count then 1
          else (g.invoice_count - g.new_order_count) / (g.service_count - g.new_order_count)
            + (j < (g.invoice_count - g.new_order_count) % (g.service_count - g.new_order_count))::int
        end as invoice_count,
        1 + floor(random() * ${productCount})::int as product_n,
        random() as r_status, random() as r_cycle, random() as r_due, random() as r_day
      from scale_groups g, generate_series(0, g.service_count - 1) j
    ),
    shaped as (
      select d.*, p.id as product_id, p.kind, c.cycle, ${cycleMonths(sql`c.cycle`)} as months,
        case when p.kind = 'storage' then (${storageSize(sql`d.id`)})::int * ${STORAGE_CENTS_PER_GB} * ${cycleMonths(sql`c.cycle`)}
          when c.cycle = 'Quarterly' then p.quarterly when c.cycle = 'Semi-Annually' then p.semiannually
          when c.cycle = 'Annually' then p.annually else p.monthly end as price,
        case when new_order then case when d.id % 4 = 3 then 'Fraud' else 'Pending' end
          when r_status < 0.88 then 'Active' when r_status < 0.91 then 'Suspended'
          when r_status < 0.96 then 'Cancelled' else 'Terminated' end as status
      from drawn d
      join scale_products p on p.n = d.product_n
      cross join lateral (select case when r_cycle < 0.75 then 'Monthly' when r_cycle < 0.85 then 'Quarterly'
        when r_cycle < 0.9 then 'Semi-Annually' else 'Annually' end as cycle) c
    ),
    dated as (
      select s.*, case status
          when 'Active' then case when r_due < 0.06 then current_date + floor(r_day * 8)::int
            else current_date + 8 + floor(r_day * (months * 28 - 8))::int end
          when 'Suspended' then current_date - 4 - floor(r_day * 40)::int
          when 'Pending' then current_date
          when 'Fraud' then current_date - floor(r_day * 20)::int
          else current_date - floor(r_day * 700)::int
        end as next_due
      from shaped s
    ),
    registered as (
      select d.*, ${monthsBefore(
        latestPeriodStart(sql`status`, sql`next_due`, sql`months`),
        sql`months * greatest(invoice_count - 1, 0)`,
      )} as reg_date
      from dated d
    )
    insert into services (id, user_id, product_id, domain, dedicated_ip, status, billing_cycle,
      first_payment_cents, recurring_amount_cents, reg_date, next_due_date, suspension_reason,
      config_options, created_at)
    select id, user_id, product_id,
      case when kind = 'storage' then 'Storage Block ' || ${storageSize()} || ' GB' else ${hostname} end,
      case when kind = 'storage' or status in ('Pending', 'Fraud') then '' else ${address} end,
      status, cycle, price, price, reg_date, next_due,
      case when status = 'Suspended' then 'Overdue on Payment' else '' end,
      case kind
        when 'dedicated' then jsonb_build_array(jsonb_build_object('id', 1, 'option', 'Bandwidth',
          'type', 'dropdown', 'value', (10 * (1 + id % 3))::text))
        when 'storage' then jsonb_build_array(jsonb_build_object('id', 2, 'option', 'Storage Size',
          'type', 'dropdown', 'value', ${storageSize()} || ' GB'))
        else '[]'::jsonb end,
      reg_date + time '10:00'
    from registered`);
}
