import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { ScalePlan } from './scale-plan.ts';
import { companySuffixes, firstNames, lastNames, mailDomains, pick, places, streets } from './vocabulary.ts';

/** The accounts the seed prints: a handful of services, and thousands. */
export const scaleAccounts = {
  small: { email: 'scale-small@example.com', password: 'scale-small-password' },
  big: { email: 'scale-big@example.com', password: 'scale-big-password' },
  staff: { email: 'scale-support@example.com', password: 'scale-support-password' },
  /** Every other customer signs in with this one. */
  customers: { password: 'scale-customer-password' },
} as const;

export interface ScaleHashes {
  small: string;
  big: string;
  staff: string;
  customers: string;
}

const place = (column: number) =>
  pick(
    places.map((row) => row[column]!),
    sql`id`,
  );

/**
 * Every customer in one statement: names, e-mails, addresses and phone numbers drawn from short
 * lists by the id (so the e-mails are unique), signed up over six years, one in 33 with credit.
 * The known accounts and the staff member come after with their own passwords.
 */
export async function insertCustomers(db: DbOrTx, plan: ScalePlan, hashes: ScaleHashes): Promise<void> {
  const first = pick(firstNames, sql`id`);
  const last = pick(lastNames, sql`id / ${firstNames.length}`);
  await db.execute(sql`
    insert into users (id, email, password_hash, firstname, lastname, companyname, address1, city, state,
      postcode, country, phonenumber, credit_cents, email_verified_at, created_at, updated_at)
    select id, lower(${first} || '.' || ${last} || '.' || id || '@' || ${pick(mailDomains, sql`id / 7`)}),
      ${hashes.customers}, ${first}, ${last},
      case when id % 3 = 0 then ${last} || ' ' || ${pick(companySuffixes, sql`id / 3`)} else '' end,
      (id % 900 + 100) || ' ' || ${pick(streets, sql`id / 11`)}, ${place(0)}, ${place(1)}, ${place(2)},
      ${place(3)}, '+1 ' || ${place(4)} || ' 555 ' || lpad((id % 10000)::text, 4, '0'),
      case when id % 33 = 0 then 500 + (id * 37 % 96) * 100 else 0 end,
      signed_up, signed_up, signed_up
    from (
      select g.first_user_id + x as id, now() - random() * interval '2190 days' as signed_up
      from scale_groups g, generate_series(0, g.user_count - 1) x
      where g.name = 'customers'
    ) customer`);

  const [small, big] = plan.groups;
  const profile = {
    city: 'New York',
    state: 'NY',
    postcode: '10001',
    country: 'US',
    emailVerifiedAt: new Date(),
  };
  await db.insert(users).values([
    {
      id: small!.firstUserId,
      email: scaleAccounts.small.email,
      passwordHash: hashes.small,
      firstname: 'Sam',
      lastname: 'Smallwood',
      address1: '12 Small Street',
      phonenumber: '+1 212 555 0112',
      ...profile,
    },
    {
      id: big!.firstUserId,
      email: scaleAccounts.big.email,
      passwordHash: hashes.big,
      firstname: 'Bea',
      lastname: 'Bigsby',
      companyname: 'Bigsby Cloud Ltd',
      address1: '500 Broadway',
      phonenumber: '+1 212 555 0500',
      creditCents: 12_500,
      ...profile,
    },
    {
      id: plan.staffUserId,
      email: scaleAccounts.staff.email,
      passwordHash: hashes.staff,
      firstname: 'Alex',
      lastname: 'Morgan',
      role: 'operator',
      ...profile,
    },
  ]);
}

/** Credit is only ever the sum of the ledger: each account with credit gets the row that gave it. */
export async function insertCreditLedger(db: DbOrTx): Promise<void> {
  await db.execute(sql`
    insert into credit_ledger (user_id, kind, amount_cents, balance_after_cents, description, created_at)
    select id, 'manual', credit_cents, credit_cents, 'Goodwill credit',
      least(now(), created_at + interval '30 days')
    from users where credit_cents > 0`);
}
