import type { DbOrTx } from '../db/client.ts';
import { announcements, invoiceItems, invoices, serviceCancellations, services } from '../db/schema/index.ts';
import { addDays, nextDueDate } from '../modules/billing/cycle/cycle-dates.ts';
import { DemoProduct } from './catalog.ts';
import { DEMO_DEDICATED_BANDWIDTH_TB, demoUpstreamOf } from './demo-machines.ts';

const day = 24 * 60 * 60 * 1000;
const dateIn = (days: number) => new Date(Date.now() + days * day).toISOString().slice(0, 10);
const instantAgo = (hours: number) => new Date(Date.now() - hours * 60 * 60 * 1000);

type NewService = typeof services.$inferInsert;

/**
 * The demo owner's services: every status and every derived type, one with a pending
 * cancellation, one with an invoice due, more than ten so the list pages. Returns the ids the
 * sub-account's whitelist uses and the service the demo's support ticket is about.
 */
export async function seedDemoServices(
  db: DbOrTx,
  ownerId: number,
): Promise<{ whitelist: number[]; ticketServiceId: number }> {
  const base = { userId: ownerId, billingCycle: 'Monthly' } satisfies Partial<NewService>;
  const rows: NewService[] = [
    {
      ...base,
      productId: DemoProduct.instantE3NewYork,
      domain: 'ny-dedi-01.demo.example',
      dedicatedIp: '203.0.113.10',
      status: 'Active',
      recurringAmountCents: 8900,
      firstPaymentCents: 8900,
      regDate: dateIn(-200),
      nextDueDate: dateIn(12),
      configOptions: [
        { id: 1, option: 'Bandwidth', type: 'dropdown', value: String(DEMO_DEDICATED_BANDWIDTH_TB) },
      ],
    },
    {
      ...base,
      productId: DemoProduct.ddosVps2G,
      domain: 'legacy-vps.demo.example',
      dedicatedIp: '198.51.100.20',
      status: 'Active',
      recurringAmountCents: 1200,
      firstPaymentCents: 1200,
      regDate: dateIn(-400),
      nextDueDate: dateIn(20),
    },
    {
      ...base,
      productId: DemoProduct.dw4gNewYork,
      domain: 'web01.demo.example',
      dedicatedIp: '198.51.100.30',
      status: 'Active',
      recurringAmountCents: 2000,
      firstPaymentCents: 2000,
      regDate: dateIn(-90),
      nextDueDate: dateIn(5),
    },
    {
      ...base,
      productId: DemoProduct.storageNewYork,
      domain: 'Storage Block 250 GB',
      status: 'Active',
      recurringAmountCents: 1250,
      firstPaymentCents: 1250,
      regDate: dateIn(-51),
      nextDueDate: dateIn(9),
      configOptions: [{ id: 2, option: 'Storage Size', type: 'dropdown', value: '250 GB' }],
    },
    {
      ...base,
      productId: DemoProduct.instantDualE5NewYork,
      domain: 'ny-dedi-02.demo.example',
      status: 'Pending',
      recurringAmountCents: 15900,
      firstPaymentCents: 15900,
      regDate: dateIn(-1),
      nextDueDate: dateIn(29),
    },
    {
      ...base,
      productId: DemoProduct.dw2gNewYork,
      domain: 'staging.demo.example',
      dedicatedIp: '198.51.100.31',
      status: 'Suspended',
      suspensionReason: 'Overdue on Payment',
      recurringAmountCents: 1000,
      firstPaymentCents: 1000,
      regDate: dateIn(-70),
      nextDueDate: dateIn(-10),
    },
    {
      ...base,
      productId: DemoProduct.managedBackup,
      domain: 'backup.demo.example',
      status: 'Active',
      recurringAmountCents: 500,
      firstPaymentCents: 500,
      regDate: dateIn(-30),
      nextDueDate: dateIn(0),
    },
    {
      ...base,
      productId: DemoProduct.dw8gNewYork,
      domain: 'old-app.demo.example',
      dedicatedIp: '198.51.100.32',
      status: 'Cancelled',
      recurringAmountCents: 4000,
      firstPaymentCents: 4000,
      regDate: dateIn(-300),
      nextDueDate: dateIn(-100),
    },
    {
      ...base,
      productId: DemoProduct.instantE3Chicago,
      domain: 'chi-dedi-old.demo.example',
      dedicatedIp: '203.0.113.50',
      status: 'Terminated',
      recurringAmountCents: 7900,
      firstPaymentCents: 7900,
      regDate: dateIn(-500),
      nextDueDate: dateIn(-200),
    },
    {
      ...base,
      productId: DemoProduct.virtualServer4G,
      domain: 'flagged.demo.example',
      status: 'Fraud',
      recurringAmountCents: 1800,
      firstPaymentCents: 1800,
      regDate: dateIn(-15),
      nextDueDate: dateIn(15),
    },
    {
      ...base,
      productId: DemoProduct.dw2gChicago,
      domain: 'game01.demo.example',
      dedicatedIp: '198.51.100.40',
      status: 'Active',
      recurringAmountCents: 1000,
      firstPaymentCents: 1000,
      regDate: dateIn(-45),
      nextDueDate: dateIn(15),
    },
    {
      ...base,
      productId: DemoProduct.customDedicatedNewYork,
      domain: 'ny-dedi-custom.demo.example',
      dedicatedIp: '203.0.113.20',
      status: 'Active',
      billingCycle: 'One Time',
      recurringAmountCents: 0,
      firstPaymentCents: 49900,
      regDate: dateIn(-365),
      nextDueDate: null,
    },
    {
      ...base,
      productId: DemoProduct.storageChicago,
      domain: 'Storage Block 500 GB',
      status: 'Active',
      recurringAmountCents: 2500,
      firstPaymentCents: 2500,
      regDate: dateIn(-20),
      nextDueDate: dateIn(10),
      configOptions: [{ id: 2, option: 'Storage Size', type: 'dropdown', value: '500 GB' }],
    },
  ];
  const created = await db
    .insert(services)
    .values(rows.map((row) => ({ ...row, ...demoUpstreamOf(row.domain!) })))
    .returning({ id: services.id, domain: services.domain });
  const id = (domain: string) => created.find((s) => s.domain === domain)!.id;
  const dedicated = id('ny-dedi-01.demo.example');
  const vpsV2 = id('web01.demo.example');
  const suspended = id('staging.demo.example');
  const backup = id('backup.demo.example');

  await db.insert(serviceCancellations).values({
    serviceId: backup,
    type: 'End of Billing Period',
    reason: 'Moving backups to another provider.',
  });
  await seedInvoices(db, ownerId, { dedicated, vpsV2, suspended });
  await seedAnnouncements(db);
  return { whitelist: [dedicated, vpsV2], ticketServiceId: vpsV2 };
}

interface DemoInvoice {
  key: string;
  serviceId: number;
  status: 'Unpaid' | 'Paid';
  date: string;
  dueDate: string;
  cents: number;
  description: string;
  /** The renewal period the line bills (as the billing cycle raises them). */
  period?: { start: string; end: string };
  overdueNoticeAt?: Date;
}

async function seedInvoices(
  db: DbOrTx,
  userId: number,
  ids: { dedicated: number; vpsV2: number; suspended: number },
) {
  // The billing cycle finds the demo as it would have left it: web01's renewal for the period from
  // its next due date is raised already, and the overdue invoice had its notice.
  const web01Period = { start: dateIn(5), end: nextDueDate(dateIn(5), 'Monthly', dateIn(-90))! };
  const invoiceRows: DemoInvoice[] = [
    {
      key: 'due',
      serviceId: ids.vpsV2,
      status: 'Unpaid',
      date: dateIn(-2),
      dueDate: dateIn(5),
      cents: 2000,
      description: 'DW-4G - web01.demo.example',
      period: web01Period,
    },
    {
      key: 'overdue',
      serviceId: ids.suspended,
      status: 'Unpaid',
      date: dateIn(-17),
      dueDate: dateIn(-10),
      cents: 1000,
      description: 'DW-2G - staging.demo.example',
      overdueNoticeAt: new Date(`${dateIn(-9)}T09:00:00Z`),
    },
    {
      key: 'paid1',
      serviceId: ids.dedicated,
      status: 'Paid',
      date: dateIn(-48),
      dueDate: dateIn(-41),
      cents: 8900,
      description: 'Xeon E3-1230 v6 - ny-dedi-01.demo.example',
    },
    {
      key: 'paid2',
      serviceId: ids.vpsV2,
      status: 'Paid',
      date: dateIn(-32),
      dueDate: dateIn(-25),
      cents: 2000,
      description: 'DW-4G - web01.demo.example',
    },
    {
      key: 'paid3',
      serviceId: ids.dedicated,
      status: 'Paid',
      date: dateIn(-18),
      dueDate: dateIn(-11),
      cents: 8900,
      description: 'Xeon E3-1230 v6 - ny-dedi-01.demo.example',
    },
  ];
  for (const row of invoiceRows) {
    const [invoice] = await db
      .insert(invoices)
      .values({
        userId,
        date: row.date,
        dueDate: row.dueDate,
        status: row.status,
        subtotalCents: row.cents,
        totalCents: row.cents,
        datePaid: row.status === 'Paid' ? new Date(`${row.dueDate}T12:00:00Z`) : null,
        overdueNoticeAt: row.overdueNoticeAt ?? null,
      })
      .returning({ id: invoices.id });
    await db.insert(invoiceItems).values({
      invoiceId: invoice!.id,
      serviceId: row.serviceId,
      type: 'Hosting',
      description: row.period
        ? `${row.description} (${row.period.start} - ${addDays(row.period.end, -1)})`
        : `${row.description} (${row.date} - ${row.dueDate})`,
      amountCents: row.cents,
      periodStart: row.period?.start ?? null,
      periodEnd: row.period?.end ?? null,
    });
  }
}

async function seedAnnouncements(db: DbOrTx) {
  await db.insert(announcements).values([
    {
      title: 'New York network upgrade completed',
      body: 'All New York racks now have 25 Gbps uplinks.',
      publishedAt: instantAgo(24),
    },
    {
      title: 'Chicago VPS v2 plans are live',
      body: 'Order DW plans in Chicago today.',
      publishedAt: instantAgo(24 * 8),
    },
    {
      title: 'Scheduled maintenance on storage blocks',
      body: 'Storage in New York will be migrated with no downtime.',
      publishedAt: instantAgo(24 * 20),
    },
  ]);
}
