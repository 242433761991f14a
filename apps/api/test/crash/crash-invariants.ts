import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client.ts';
import type { CycleRecord } from './crash-cycle.ts';
import type { CrashRig } from './crash-harness.ts';

/** The jobs of an order's way from payment to a running server. */
const cycleJobs = ['invoice-paid', 'provision-service', 'service-ready-mail', 'billing-mail'];

/** How long a cycle's service may take to become Active and its jobs to finish, restarts included. */
const SETTLE_MS = 180_000;

/**
 * Waits (by polling the database, never by a fixed sleep) until the cycle's service is Active and
 * no job of the way there is waiting or running. Fails with what is stuck.
 */
export async function settle(rig: CrashRig, record: CycleRecord): Promise<void> {
  await rig.client.killed();
  const deadline = Date.now() + SETTLE_MS;
  for (;;) {
    await rig.api.ready();
    const [state] = await queryRows<{ status: string; provisioning: string; unfinished: number }>(
      rig.database.db,
      sql`select
          (select status from services where id = ${record.serviceId}) as status,
          (select state from service_provisioning where service_id = ${record.serviceId}) as provisioning,
          (select count(*)::int from pgboss.job
            where name in ${cycleJobs} and state in ('created', 'retry', 'active')) as unfinished`,
    );
    if (state!.status === 'Active' && state!.unfinished === 0) return;
    // Provisioning that gave up will not become Active: no need to wait for the deadline.
    if (Date.now() > deadline || state!.provisioning === 'failed') {
      const jobs = await queryRows(
        rig.database.db,
        sql`select name, state, retry_count, data, output from pgboss.job
            where name in ${cycleJobs} and state <> 'completed'`,
      );
      const provisioning = await queryRows(
        rig.database.db,
        sql`select state, attempts, last_error from service_provisioning where service_id = ${record.serviceId}`,
      );
      throw new Error(
        `cycle ${JSON.stringify(record)} did not settle: service ${state!.status}, jobs ${JSON.stringify(jobs)}, provisioning ${JSON.stringify(provisioning)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Checks a settled cycle straight in the database and the payment sandbox; throws on the first
 * broken invariant. Returns how many it checked.
 */
export async function checkCycle(rig: CrashRig, record: CycleRecord): Promise<number> {
  const checks: [string, unknown, unknown][] = [];
  const db = rig.database.db;
  const expect = (what: string, actual: unknown, expected: unknown) => checks.push([what, actual, expected]);

  // Every charge the sandbox made is one transaction, on the invoice it paid: none lost, none twice.
  for (const intentId of record.confirmedIntents) {
    const intent = await rig.stripe.paymentIntents.retrieve(intentId);
    const chargeId = String(intent.latest_charge);
    const rows = await queryRows<{ invoice_id: number; amount_in_cents: number }>(
      db,
      sql`select invoice_id, amount_in_cents from transactions where gateway = 'stripe' and trans_id = ${chargeId}`,
    );
    expect(`charge ${chargeId} recorded once`, rows.length, 1);
    expect(`charge ${chargeId} amount`, rows[0]?.amount_in_cents, intent.amount_received);
    expect(`charge ${chargeId} invoice`, rows[0]?.invoice_id, Number(intent.metadata.invoice_id));
  }
  const [account] = await queryRows<{
    credit: number;
    ledger: number;
    transactions: number;
    orders: number;
    services: number;
    deposits: number;
    unpaid_deposits: number;
  }>(
    db,
    sql`select
        (select credit_cents from users where id = ${record.userId}) as credit,
        (select coalesce(sum(amount_cents), 0)::int from credit_ledger where user_id = ${record.userId}) as ledger,
        (select count(*)::int from transactions where user_id = ${record.userId}) as transactions,
        (select count(*)::int from orders where user_id = ${record.userId}) as orders,
        (select count(*)::int from services where user_id = ${record.userId}) as services,
        (select count(distinct i.id)::int from invoices i join invoice_items it on it.invoice_id = i.id
          where i.user_id = ${record.userId} and it.type = 'AddFunds') as deposits,
        (select count(distinct i.id)::int from invoices i join invoice_items it on it.invoice_id = i.id
          where i.user_id = ${record.userId} and it.type = 'AddFunds' and i.status <> 'Paid') as unpaid_deposits`,
  );
  expect('no other transaction than the charges', account!.transactions, record.confirmedIntents.length);
  expect('credit equals its ledger', account!.credit, account!.ledger);
  expect('credit changed exactly as the calls asked', account!.credit, record.expectedCreditCents);
  expect('one order per placed order', account!.orders, 1);
  expect('one service per ordered service', account!.services, 1);
  expect('one deposit per Add Funds call', account!.deposits, record.mode === 'card' ? 0 : 1);
  expect('the deposit paid', account!.unpaid_deposits, 0);

  const [invoice] = await queryRows<{
    status: string;
    due: number;
    credit: number;
    paid: number;
    payments: number;
  }>(
    db,
    sql`select status, subtotal_cents + tax_cents as due, credit_cents as credit, paid_cents as paid,
          (select coalesce(sum(amount_in_cents - amount_out_cents), 0)::int from transactions where invoice_id = i.id) as payments
        from invoices i where id = ${record.invoiceId}`,
  );
  expect('the order invoice Paid', invoice!.status, 'Paid');
  expect('its paid amount is its payments', invoice!.paid, invoice!.payments);
  expect(
    'paid once: credit and payments make what it bills',
    invoice!.credit + invoice!.payments,
    invoice!.due,
  );

  const [service] = await queryRows<{ status: string; upstream_id: string | null; provisioning: string }>(
    db,
    sql`select s.status, s.upstream_id, p.state as provisioning
        from services s join service_provisioning p on p.service_id = s.id where s.id = ${record.serviceId}`,
  );
  expect('the service Active', service!.status, 'Active');
  expect('its provisioning done', service!.provisioning, 'done');
  const { vms } = (await rig.sim.control('GET', '/proxmox/vms')) as {
    vms: { vmid: number; config: { name?: string } }[];
  };
  const machines = vms.filter((vm) => vm.config.name === record.hostname);
  expect('one machine upstream for the service', machines.length, 1);
  expect('the service names that machine', service!.upstream_id, String(machines[0]?.vmid));

  const [jobs] = await queryRows<{ failed: number }>(
    db,
    sql`select count(*)::int as failed from pgboss.job where name in ${cycleJobs} and state = 'failed'`,
  );
  expect('no job failed for good', jobs!.failed, 0);

  const broken = checks.filter(([, actual, expected]) => actual !== expected);
  if (broken.length > 0) {
    throw new Error(
      `invariants broken after ${JSON.stringify(record)}:\n${broken
        .map(
          ([what, actual, expected]) =>
            `  ${what}: ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`,
        )
        .join('\n')}`,
    );
  }
  return checks.length;
}
