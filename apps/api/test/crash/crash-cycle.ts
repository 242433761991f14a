import { randomUUID } from 'node:crypto';
import { hashPassword } from '../../src/lib/passwords.ts';
import { UsersRepository } from '../../src/modules/users/users.repository.ts';
import { uniqueEmail } from '../support/fixtures.ts';
import { completeProfile } from '../support/gateways.ts';
import { intentIdOf } from '../support/cards.ts';
import type { CrashStep, KillPlan } from './crash-client.ts';
import { crashProduct, type CrashRig } from './crash-harness.ts';

/**
 * How a cycle pays its order: by card (a payment intent the "browser" confirms at the sandbox),
 * by credit (a deposit paid by card, then applied in full), or split (a $10 deposit, half the bill
 * applied from it, the rest by card).
 */
export type PaymentMode = 'card' | 'credit' | 'split';
export const paymentModes: PaymentMode[] = ['card', 'credit', 'split'];

/** Every step a kill can land in, in a cycle's order. */
export const killSteps: CrashStep[] = [
  'order',
  'funds',
  'payment-intent',
  'card-pay',
  'apply-credit',
  'provisioning',
];

/** The steps a mode goes through, where a kill can land. */
export const stepsOf = (mode: PaymentMode): CrashStep[] => [
  'order',
  ...(mode === 'card' ? [] : (['funds'] as const)),
  'payment-intent',
  'card-pay',
  ...(mode === 'card' ? [] : (['apply-credit'] as const)),
  'provisioning',
];

/** What a cycle did, for the invariants to check against the database and the sandbox. */
export interface CycleRecord {
  mode: PaymentMode;
  kill: KillPlan | undefined;
  userId: number;
  hostname: string;
  orderId: number;
  invoiceId: number;
  serviceId: number;
  /** The payment intents the cycle confirmed at the sandbox (each one charge). */
  confirmedIntents: string[];
  /** The credit the account must hold at the end. */
  expectedCreditCents: number;
}

const cents = (amount: string) => Math.round(Number(amount) * 100);
const dollars = (value: number) => Number((value / 100).toFixed(2));

/**
 * One customer's order → pay → provision, through the API over HTTP, with the kill plan armed:
 * every call is retried until the API answers it. Ends once the order's service is Active.
 */
export async function runCycle(rig: CrashRig, mode: PaymentMode, kill: KillPlan | undefined) {
  const { client } = rig;
  client.arm(kill);
  const password = 'crash-cycle-password';
  const user = await new UsersRepository(rig.database.db).create({
    email: uniqueEmail('crash'),
    emailVerifiedAt: new Date(),
    ...completeProfile,
    passwordHash: await hashPassword(password),
  });
  const login = await client.call('sign-in', 'POST', '/login', {
    body: { email: user.email, password2: password },
  });
  const token = String(login.body.token);
  const hostname = `crash-${randomUUID().slice(0, 8)}.example.net`;

  const ordered = await client.call('order', 'POST', '/billing/order', {
    token,
    key: `order-${randomUUID()}`,
    body: await vpsOrderBody(rig, hostname),
  });
  const invoiceId = Number(ordered.body.invoiceid);
  const serviceId = Number(ordered.body.serviceids);
  const record: CycleRecord = {
    mode,
    kill,
    userId: user.id,
    hostname,
    orderId: Number(ordered.body.orderid),
    invoiceId,
    serviceId,
    confirmedIntents: [],
    expectedCreditCents: 0,
  };
  const balanceOf = async (id: number) =>
    cents(String((await client.call('read', 'GET', `/invoices/${id}`, { token })).body.balance));

  const totalCents = await balanceOf(invoiceId);
  if (mode !== 'card') {
    const depositCents = mode === 'credit' ? Math.max(1000, Math.ceil(totalCents / 100) * 100) : 1000;
    const funds = await client.call('funds', 'POST', '/invoices/funds', {
      token,
      key: `funds-${randomUUID()}`,
      body: { amount: dollars(depositCents) },
    });
    await payByCard(rig, record, token, Number(funds.body.invoiceid), depositCents);
    // Split: half the bill from the credit, the rest by card (the credit keeps what is left).
    const applied = mode === 'credit' ? totalCents : Math.min(depositCents, Math.floor(totalCents / 2));
    await client.call('apply-credit', 'POST', `/invoices/${invoiceId}/apply-credit`, {
      token,
      key: `credit-${randomUUID()}`,
      body: { amount: dollars(applied) },
    });
    record.expectedCreditCents = depositCents - applied;
  }
  const left = await balanceOf(invoiceId);
  if (left > 0) await payByCard(rig, record, token, invoiceId, left);
  client.killDuring('provisioning');
  return record;
}

/**
 * Pays an invoice's balance as the web app does: a payment intent from the API, confirmed at the
 * sandbox by the "browser", then `card/pay` with the intent. A retried intent call makes a new
 * intent; only the confirmed one is charged.
 */
async function payByCard(
  rig: CrashRig,
  record: CycleRecord,
  token: string,
  invoiceId: number,
  amount: number,
) {
  const intent = await rig.client.call(
    'payment-intent',
    'GET',
    `/billing/payment-intent?invoice_id=${invoiceId}`,
    {
      token,
    },
  );
  const intentId = intentIdOf(String(intent.body.client_secret));
  const confirmed = await rig.stripe.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' });
  if (confirmed.amount !== amount)
    throw new Error(`intent of ${confirmed.amount} cents for a balance of ${amount}`);
  record.confirmedIntents.push(intentId);
  await rig.client.call('card-pay', 'POST', `/billing/card/pay/${invoiceId}`, {
    token,
    body: { paymentIntentId: intentId },
  });
}

/** A monthly VPS with Debian 12, its custom field found in the catalogue as the order wizard finds it. */
async function vpsOrderBody(rig: CrashRig, hostname: string) {
  const catalogue = await rig.client.call('read', 'GET', `/billing/products/product/${crashProduct}`);
  const [product] = (catalogue.body.products as { product: ProductShape[] }).product;
  const os = product!.customfields.customfield.find((field) => field.name === 'custom_os_id')!;
  return {
    pid: [crashProduct],
    billingcycle: ['monthly'],
    customfields: [[{ id: os.id, value: 'debian-12' }]],
    domain: hostname,
    rootpw: 'Correct-Horse-42',
    paymentmethod: 'stripe',
  };
}

type ProductShape = { customfields: { customfield: { id: number; name: string }[] } };
