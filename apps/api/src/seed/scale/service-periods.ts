import { type SQL, sql } from 'drizzle-orm';

/**
 * The billing periods of a seeded service, shared by the statement that writes the service and
 * the one that writes its invoices so that both agree: the latest invoice bills the period that
 * starts at `latestPeriodStart`, each older one the period before, and the service was
 * registered when its oldest invoice's period began.
 */

export const cycleMonths = (cycle: SQL) =>
  sql`(case ${cycle} when 'Monthly' then 1 when 'Quarterly' then 3 when 'Semi-Annually' then 6 else 12 end)`;

/**
 * Whether the latest invoice is still to pay: a renewal due within the week, the overdue one
 * that got the service suspended, or a new order's.
 */
export const latestInvoiceOpen = (status: SQL, nextDue: SQL) =>
  sql`(${status} in ('Suspended', 'Pending') or (${status} = 'Active' and ${nextDue} <= current_date + 7))`;

/** An open invoice (and a held order's) bills the period from the next due date; a paid one the period before it. */
export const latestPeriodStart = (status: SQL, nextDue: SQL, months: SQL) =>
  sql`(case when ${latestInvoiceOpen(status, nextDue)} or ${status} = 'Fraud' then ${nextDue}
        else (${nextDue} - make_interval(months => ${months}))::date end)`;

export const monthsBefore = (day: SQL, months: SQL) =>
  sql`(${day} - make_interval(months => ${months}))::date`;
