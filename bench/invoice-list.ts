import { openDatabase } from '../apps/api/src/db/client.ts';
import { invoiceItems, invoices } from '../apps/api/src/db/schema/index.ts';
import { hashPassword } from '../apps/api/src/lib/passwords.ts';
import { UsersRepository } from '../apps/api/src/modules/users/users.repository.ts';
import { type Measurement, measure } from './api-reads.ts';
import type { BenchServer } from './server.ts';

const INVOICES = 10_000;
const BATCH = 1_000;
const account = { email: 'invoices-bench@example.com', password: 'invoices-bench-password' };

/**
 * Writes an account with 10,000 invoices (one line each, one a day back from today, mostly Paid)
 * into a fresh data folder, before the server opens it: the embedded database has one process.
 */
export async function seedInvoiceAccount(dataDir: string): Promise<void> {
  const database = await openDatabase({ pgliteDir: `${dataDir}/db` });
  try {
    await database.migrate();
    const user = await new UsersRepository(database.db).create({
      email: account.email,
      passwordHash: await hashPassword(account.password),
      firstname: 'Bench',
      lastname: 'Invoices',
      emailVerifiedAt: new Date(),
    });
    const day = 86_400_000;
    for (let start = 0; start < INVOICES; start += BATCH) {
      const rows = Array.from({ length: BATCH }, (_, offset) => {
        const age = INVOICES - start - offset;
        const date = new Date(Date.now() - age * day).toISOString().slice(0, 10);
        const status =
          age < 3 ? ('Unpaid' as const) : age % 50 === 0 ? ('Cancelled' as const) : ('Paid' as const);
        return { userId: user.id, date, dueDate: date, status, subtotalCents: 2000, totalCents: 2000 };
      });
      const made = await database.db.insert(invoices).values(rows).returning({ id: invoices.id });
      await database.db
        .insert(invoiceItems)
        .values(made.map(({ id }) => ({ invoiceId: id, description: 'DW-4G monthly', amountCents: 2000 })));
    }
  } finally {
    await database.close();
  }
}

/** `GET /api/invoices` of that account: pages at both ends, a status, a search, and all of it. */
export async function measureInvoiceList(server: BenchServer): Promise<Measurement[]> {
  const login = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password2: account.password }),
  });
  const { token } = (await login.json()) as { token: string };
  const list = (title: string, query: string, connections?: number) =>
    measure(title, {
      url: `${server.url}/api/invoices${query}`,
      headers: { authorization: `Bearer ${token}` },
      ...(connections && { connections }),
    });
  return [
    await list('first page of 5', '?limitstart=0&limitnum=5'),
    await list('last page of 50', `?limitstart=${INVOICES - 50}&limitnum=50`),
    await list('status=Unpaid, page of 25', '?status=Unpaid&limitnum=25'),
    await list('q=12 (number search), page of 25', '?q=12&limitnum=25'),
    await list('q=paid (status search), page of 25', '?q=paid&limitnum=25'),
    await list('all 10,000, unpaged (2 connections)', '', 2),
  ];
}
