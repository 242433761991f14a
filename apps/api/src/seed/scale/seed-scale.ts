import { serviceTypeOf } from '@rackdesk/contract';
import { eq, sql } from 'drizzle-orm';
import { type Database, type DbOrTx, queryRows } from '../../db/client.ts';
import { announcements, productGroups, products, users } from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { seedCatalog } from '../catalog.ts';
import { withoutIndexes } from './bulk-load.ts';
import { insertCreditLedger, insertCustomers, scaleAccounts, type ScaleHashes } from './customers.ts';
import { insertInvoiceItems, insertInvoices, insertTransactions, planInvoices } from './invoices.ts';
import { type AccountGroup, planScale, type ScaleSizes } from './scale-plan.ts';
import { insertServices } from './services.ts';
import { insertTicketReplies, insertTickets } from './tickets.ts';
import { newsItems } from './vocabulary.ts';

/** The tables the seed fills by the million: loaded bare, their indexes and foreign keys built after. */
const BULK_TABLES = [
  'users',
  'credit_ledger',
  'services',
  'invoices',
  'invoice_items',
  'transactions',
  'tickets',
  'ticket_replies',
];

/** The embedded database runs in one WebAssembly process: small sizes only (tests, a quick look). */
export const PGLITE_MAX_INVOICES = 200_000;

export type StepReporter = (step: string, milliseconds: number) => void;

/**
 * Fills a migrated, empty database with `sizes` of believable customers, services, invoices and
 * tickets plus the two known accounts (scaleAccounts), in one transaction of set-based
 * statements, then vacuums and analyses. Returns false when the database holds the scale data
 * already; refuses a database with other accounts in it.
 */
export async function seedScale(
  database: Database,
  sizes: ScaleSizes,
  report: StepReporter,
): Promise<boolean> {
  const plan = planScale(sizes);
  if (database.kind === 'pglite' && sizes.invoices > PGLITE_MAX_INVOICES) {
    throw new Error(`the embedded database takes at most ${PGLITE_MAX_INVOICES} invoices: set DATABASE_URL`);
  }
  const { db } = database;
  if (await db.query.users.findFirst({ where: eq(users.email, scaleAccounts.big.email) })) return false;
  const [accounts] = await queryRows<{ count: number }>(db, sql`select count(*)::int as count from users`);
  const count = accounts!.count;
  if (count > 0) throw new Error(`seed:scale fills an empty database; this one has ${count} accounts`);

  const step = async <T>(name: string, run: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await run();
    report(name, performance.now() - started);
    return result;
  };
  const hashes = await step('hash the passwords (once each)', hashAll);

  await db.transaction(async (tx) => {
    if (database.kind === 'postgres') {
      // One session does all the work: let its sorts, hashes and index builds use memory.
      await tx.execute(sql`set local work_mem = '256MB'`);
      await tx.execute(sql`set local maintenance_work_mem = '1GB'`);
      await tx.execute(sql`set local synchronous_commit = off`);
      // The row estimates of generated series are huge; compiling the plans would take longer than running them.
      await tx.execute(sql`set local jit = off`);
    }
    const productCount = await step('catalogue, departments and news', async () => {
      await seedCatalog(tx);
      await tx.insert(announcements).values(newsItems.map(([title, body]) => ({ title, body })));
      await createGroupsTable(tx, plan.groups);
      return createProductsTable(tx);
    });
    const restoreIndexes = await withoutIndexes(tx, BULK_TABLES);
    await step(`customers (${sizes.customers})`, () => insertCustomers(tx, plan, hashes));
    await step('credit ledger', () => insertCreditLedger(tx));
    await step(`services (${sizes.services})`, () => insertServices(tx, productCount));
    await step('invoice plan', () => planInvoices(tx));
    await step(`invoices (${sizes.invoices})`, () => insertInvoices(tx));
    await step('invoice items', () => insertInvoiceItems(tx));
    await step('transactions', () => insertTransactions(tx));
    await step(`tickets (${plan.tickets})`, () => insertTickets(tx));
    await step('ticket replies', () => insertTicketReplies(tx, plan.staffUserId));
    await step('indexes and foreign keys', restoreIndexes);
    await step('sequences', () => moveSequences(tx));
  });
  await step('vacuum and analyze', () => db.execute(sql`vacuum (analyze)`));
  return true;
}

async function hashAll(): Promise<ScaleHashes> {
  const [small, big, staff, customers] = await Promise.all(
    [scaleAccounts.small, scaleAccounts.big, scaleAccounts.staff, scaleAccounts.customers].map((account) =>
      hashPassword(account.password),
    ),
  );
  return { small: small!, big: big!, staff: staff!, customers: customers! };
}

/** The plan's id ranges, for the statements to read (transaction-scoped). */
async function createGroupsTable(db: DbOrTx, groups: AccountGroup[]) {
  await db.execute(sql`
    create temporary table scale_groups (name text, first_user_id int, user_count int, first_service_id int,
      service_count int, new_order_count int, first_invoice_id int, invoice_count int, first_ticket_id int,
      ticket_count int) on commit drop`);
  const rows = groups.map(
    (g) =>
      sql`(${g.name}, ${g.firstUserId}, ${g.userCount}, ${g.firstServiceId}, ${g.serviceCount},
        ${g.newOrderCount}, ${g.firstInvoiceId}, ${g.invoiceCount}, ${g.firstTicketId}, ${g.ticketCount})`,
  );
  await db.execute(sql`insert into scale_groups values ${sql.join(rows, sql`, `)}`);
}

/** The catalogue's servers and storage blocks sold monthly, numbered 1..n to be drawn at random. */
async function createProductsTable(db: DbOrTx): Promise<number> {
  const sold = (
    await db
      .select({
        id: products.id,
        name: products.name,
        groupName: productGroups.name,
        monthly: products.monthlyPriceCents,
        quarterly: products.quarterlyPriceCents,
        semiannually: products.semiannuallyPriceCents,
        annually: products.annuallyPriceCents,
      })
      .from(products)
      .innerJoin(productGroups, eq(productGroups.id, products.groupId))
      .where(eq(products.hidden, false))
      .orderBy(products.id)
  ).filter((product) => product.monthly !== null && serviceTypeOf(product.groupName) !== 'misc');
  await db.execute(sql`
    create temporary table scale_products (n int, id int, name text, kind text, monthly int, quarterly int,
      semiannually int, annually int) on commit drop`);
  const rows = sold.map((p, index) => {
    // A cycle the product is not sold in is billed at its monthly price times the months.
    const price = (cents: number | null, months: number) => cents ?? p.monthly! * months;
    return sql`(${index + 1}, ${p.id}, ${p.name}, ${serviceTypeOf(p.groupName)}, ${p.monthly},
      ${price(p.quarterly, 3)}, ${price(p.semiannually, 6)}, ${price(p.annually, 12)})`;
  });
  await db.execute(sql`insert into scale_products values ${sql.join(rows, sql`, `)}`);
  return sold.length;
}

/** Rows were written with given ids: the sequences move past them so the app's own inserts never collide. */
async function moveSequences(db: DbOrTx) {
  for (const table of ['users', 'services', 'invoices', 'tickets']) {
    await db.execute(
      sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.identifier(table)}))`,
    );
  }
}
