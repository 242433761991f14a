import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index.ts';
import { accountCallers, accountCallerTokens } from '../support/account-callers.ts';
import { bearer, createUser, loginToken } from '../support/fixtures.ts';
import { createInvoice, creditAndLedger, grantCredit } from '../support/invoices.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const callers = [...accountCallers, 'closed'] as const;
type Caller = (typeof callers)[number];
type Expected = Record<Caller, { status: number; error?: string }>;

const noBilling = { status: 403, error: 'permission_required' };
const signedOut = { status: 401 };

/**
 * A billing route on owner A's account: owners and sub-accounts with billing get `ok`, owner B
 * `otherOwner` (404 for A's invoice), a read-only token is refused a change, a closed account
 * everything.
 */
function billingRoute(ok: number, options: { otherOwner?: number; changes?: boolean } = {}): Expected {
  return {
    guest: signedOut,
    owner: { status: ok },
    otherOwner: { status: options.otherOwner ?? ok },
    subAll: { status: ok },
    subNone: noBilling,
    subOrder: noBilling,
    subServices: noBilling,
    subBilling: { status: ok },
    subSupport: noBilling,
    readToken: options.changes ? { status: 403, error: 'read_only_token' } : { status: ok },
    fullToken: { status: ok },
    expiredToken: signedOut,
    revokedToken: signedOut,
    revokedSession: signedOut,
    closed: { status: 403, error: 'account_closed' },
  };
}

/**
 * Every ledger route × every kind of caller. Owner A has $5,000 of credit and an unpaid Add Funds
 * invoice, so that each change gets past the policy and is then refused by a rule (422) without
 * changing anything later rows need: credit cannot pay a deposit, none is applied to remove, and
 * the balance has no room for a deposit.
 */
describe('the ledger routes, for every kind of caller', () => {
  let t: TestApp;
  let tokens: Map<Caller, string | undefined>;
  let ownerA: number;
  let depositA: number;
  let invoiceB: number;

  beforeAll(async () => {
    t = await createTestApp({ LOGIN_LIMIT_PER_ADDRESS: '1000' });
    const a = await createUser(t);
    const b = await createUser(t);
    ownerA = a.id;
    await grantCredit(t, a.id, 500000);
    depositA = await createInvoice(t, a.id, { type: 'AddFunds', cents: 1000 });
    invoiceB = await createInvoice(t, b.id);
    tokens = new Map([...(await accountCallerTokens(t, { a, b }))]);
    const closed = await createUser(t);
    tokens.set('closed', await loginToken(t.app, closed.email, closed.password));
    await t.database.db.update(users).set({ closedAt: new Date() }).where(eq(users.id, closed.id));
  });
  afterAll(() => t.close());

  const rows: [string, 'GET' | 'POST', () => string, object | undefined, Expected][] = [
    ['GET invoices', 'GET', () => '/api/invoices?limitnum=5', undefined, billingRoute(200)],
    [
      "GET invoices/{A's invoice}",
      'GET',
      () => `/api/invoices/${depositA}`,
      undefined,
      billingRoute(200, { otherOwner: 404 }),
    ],
    [
      "GET invoices/{A's invoice}/pdf",
      'GET',
      () => `/api/invoices/${depositA}/pdf`,
      undefined,
      billingRoute(200, { otherOwner: 404 }),
    ],
    [
      "GET invoices/{B's invoice}",
      'GET',
      () => `/api/invoices/${invoiceB}`,
      undefined,
      billingRoute(404, { otherOwner: 200 }),
    ],
    [
      "POST invoices/{A's deposit}/apply-credit",
      'POST',
      () => `/api/invoices/${depositA}/apply-credit`,
      { amount: 1 },
      billingRoute(422, { otherOwner: 404, changes: true }),
    ],
    [
      "POST invoices/{A's deposit}/remove-credit",
      'POST',
      () => `/api/invoices/${depositA}/remove-credit`,
      { amount: 1 },
      billingRoute(422, { otherOwner: 404, changes: true }),
    ],
    [
      'POST invoices/funds (no room left for A)',
      'POST',
      () => '/api/invoices/funds',
      { amount: 10 },
      { ...billingRoute(422, { changes: true }), otherOwner: { status: 200 } },
    ],
    [
      'GET billing/payment-methods',
      'GET',
      () => '/api/billing/payment-methods',
      undefined,
      {
        ...billingRoute(200),
        subNone: { status: 200 },
        subOrder: { status: 200 },
        subServices: { status: 200 },
        subSupport: { status: 200 },
      },
    ],
  ];

  describe.each(rows)('%s', (_name, method, url, payload, expected) => {
    it.each(callers)('as %s', async (caller) => {
      const token = tokens.get(caller);
      const response = await t.app.inject({
        method,
        url: url(),
        headers: token ? bearer(token) : {},
        ...(payload && { payload }),
      });
      const { status, error } = expected[caller];
      expect(response.statusCode, response.body).toBe(status);
      if (error) expect(response.json().error).toBe(error);
    });
  });

  it("left owner A's credit as it was", async () => {
    expect(await creditAndLedger(t, ownerA)).toEqual({ credit: 500000, ledgerSum: 500000 });
  });
});
