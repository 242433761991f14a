import { createHash } from 'node:crypto';
import { defaultCredentials } from '@rackdesk/datacenter';
import { formsOf, submitForm } from '@rackdesk/datacenter/payment-test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, eventually, loginToken } from '../support/fixtures.ts';
import {
  checkoutsOf,
  completeProfile,
  createListeningApp,
  sentCallbacks,
  transactionsOf,
} from '../support/gateways.ts';
import { createInvoice, invoiceRow } from '../support/invoices.ts';
import { startSimulator, type TestSimulator } from '../support/simulator.ts';
import type { TestApp } from '../support/test-app.ts';

let simulator: TestSimulator;
let simulatorClosed = false;
let t: TestApp & { url: string };
let owner: Awaited<ReturnType<typeof createUser>>;
let token: string;

beforeAll(async () => {
  simulator = await startSimulator();
  t = await createListeningApp(simulator);
  owner = await createUser(t, completeProfile);
  token = await loginToken(t.app, owner.email, owner.password);
});
afterAll(async () => {
  await t?.close();
  if (!simulatorClosed) await simulator?.close();
});

async function pay(route: string, invoiceId: number) {
  const response = await t.app.inject({
    method: 'POST',
    url: route,
    headers: bearer(token),
    payload: { invoiceid: invoiceId },
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** Opens a sandbox page and presses one of its buttons, as a buyer would. */
async function press(pageUrl: string, label: string) {
  const forms = formsOf(await (await fetch(pageUrl)).text());
  const form = forms.get(label);
  if (!form) throw new Error(`no ${label} button on ${pageUrl}`);
  return submitForm(new URL(form.action, pageUrl).toString(), form.fields);
}

/** Posts the PayPal form the panel gave (changed as a buyer could), and opens the approval page. */
async function paypalCheckout(invoiceId: number, change: Record<string, string> = {}) {
  const { action, fields } = await pay('/api/billing/paypal/pay', invoiceId);
  const posted = await submitForm(action, { ...fields, ...change });
  expect(posted.status).toBe(303);
  return new URL(posted.headers.get('location')!, action).toString();
}

const callback = (path: string, body: string, contentType: string) =>
  fetch(`${t.url}${path}`, { method: 'POST', headers: { 'content-type': contentType }, body });
const ipn = (body: string) => callback('/api/billing/paypal/ipn', body, 'application/x-www-form-urlencoded');
const webhook = (body: string) => callback('/api/billing/cryptomus/webhook', body, 'application/json');
const bitpayIpn = (body: string) => callback('/api/billing/bitpay/ipn', body, 'application/json');

async function lastCallback(gateway: string) {
  return (await sentCallbacks(simulator)).filter((sent) => sent.gateway === gateway).at(-1)!;
}

/** Sends the same callback five times at once: each answers 200. */
async function replayFiveTimes(send: () => Promise<Response>) {
  const answers = await Promise.all(Array.from({ length: 5 }, send));
  expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
}

async function expectUnpaid(invoiceId: number) {
  expect((await invoiceRow(t, invoiceId)).status).toBe('Unpaid');
  expect(await transactionsOf(t, invoiceId)).toHaveLength(0);
}

describe('PayPal through the sandbox', () => {
  it('pays: approval, IPN verified with PayPal, invoice Paid with its transaction; replays record nothing more', async () => {
    const invoiceId = await createInvoice(t, owner.id, { cents: 2000 });
    const approval = await paypalCheckout(invoiceId);
    const paid = await press(approval, 'Pay');
    // Back to the invoice page by POST (rm=2): the panel turns it into the page's address.
    const back = formsOf(await paid.text()).get('Return to merchant')!;
    const returned = await submitForm(back.action.replace('http://rackdesk.test', t.url), back.fields);
    expect(returned.status).toBe(303);
    expect(returned.headers.get('location')).toBe(`/invoices/${invoiceId}?success=true`);

    const invoice = await invoiceRow(t, invoiceId);
    expect(invoice.status).toBe('Paid');
    expect(invoice.paidCents).toBe(2000);
    const [transaction, ...more] = await transactionsOf(t, invoiceId);
    expect(more).toHaveLength(0);
    const sent = await lastCallback('paypal');
    const txnId = new URLSearchParams(sent.body).get('txn_id');
    expect(transaction).toMatchObject({ gateway: 'paypal', transId: txnId, amountInCents: 2000 });
    expect(transaction!.feesCents).toBeGreaterThan(0);
    expect((await checkoutsOf(t, invoiceId))[0]!.status).toBe('succeeded');

    await replayFiveTimes(() => ipn(sent.body));
    expect(await transactionsOf(t, invoiceId)).toHaveLength(1);
  });

  it('ignores an IPN PayPal did not send (INVALID), and one about a changed amount, another receiver or currency', async () => {
    const invoiceId = await createInvoice(t, owner.id, { cents: 2000 });
    const genuine = await paypalCheckout(invoiceId);
    await press(genuine, 'Cancel');
    expect(
      (
        await ipn(
          `txn_id=FORGED0000000001&payment_status=Completed&mc_gross=20.00&mc_currency=USD&receiver_email=${encodeURIComponent(defaultCredentials.paypal.businessEmail)}&custom=x&invoice=${invoiceId}`,
        )
      ).status,
    ).toBe(200);

    for (const change of <Record<string, string>[]>[
      { amount: '0.01', tax: '0.00' },
      { business: 'someone-else@example.com' },
      { currency_code: 'EUR' },
    ]) {
      await press(await paypalCheckout(invoiceId, change), 'Pay');
      const sent = await lastCallback('paypal');
      // The sandbox vouches for it, but it is not what the panel asked for.
      const verdict = await fetch(`${simulator.url}/cgi-bin/webscr`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `cmd=_notify-validate&${sent.body}`,
      });
      expect(await verdict.text()).toBe('VERIFIED');
    }
    await expectUnpaid(invoiceId);
  });
});

describe('Cryptomus through the sandbox', () => {
  const { apiKey } = defaultCredentials.cryptomus;
  const sign = (rest: Record<string, unknown>) =>
    createHash('md5')
      .update(Buffer.from(JSON.stringify(rest).replace(/\//g, '\\/')).toString('base64') + apiKey)
      .digest('hex');

  it('pays: checkout page, signed webhook, invoice Paid once; replays record nothing more', async () => {
    const invoiceId = await createInvoice(t, owner.id, { cents: 3000 });
    const { url } = await pay('/api/billing/cryptomus/pay', invoiceId);
    const paid = await press(url, 'Pay');
    expect(paid.headers.get('location')).toBe(`http://rackdesk.test/invoices/${invoiceId}?success=true`);

    const sent = await lastCallback('cryptomus');
    const { uuid } = JSON.parse(sent.body);
    expect((await invoiceRow(t, invoiceId)).status).toBe('Paid');
    expect(await transactionsOf(t, invoiceId)).toEqual([
      expect.objectContaining({ gateway: 'cryptomusgateway', transId: uuid, amountInCents: 3000 }),
    ]);
    await replayFiveTimes(() => webhook(sent.body));
    expect(await transactionsOf(t, invoiceId)).toHaveLength(1);
  });

  it('changes nothing for a bad signature, a changed amount, another currency or an unpaid status', async () => {
    const invoiceId = await createInvoice(t, owner.id, { cents: 3000 });
    const { url } = await pay('/api/billing/cryptomus/pay', invoiceId);
    const uuid = url.split('/').at(-1)!;
    const paidBody = {
      type: 'payment',
      uuid,
      amount: '30.00',
      currency: 'USD',
      status: 'paid',
      is_final: true,
    };

    expect(
      (await webhook(JSON.stringify({ ...paidBody, sign: sign({ ...paidBody, amount: '1.00' }) }))).status,
    ).toBe(200);
    expect((await webhook(JSON.stringify({ ...paidBody, sign: '0'.repeat(32) }))).status).toBe(200);
    expect((await webhook('not json')).status).toBe(200);
    for (const changed of [
      { ...paidBody, amount: '0.30' },
      { ...paidBody, currency: 'EUR' },
      { ...paidBody, status: 'wrong_amount' },
      { ...paidBody, status: 'confirm_check' },
    ]) {
      expect((await webhook(JSON.stringify({ ...changed, sign: sign(changed) }))).status).toBe(200);
    }
    await expectUnpaid(invoiceId);
    // wrong_amount closed the checkout: the next Pay Now gets a new payment.
    expect((await checkoutsOf(t, invoiceId))[0]!.status).toBe('cancelled');
    const next = await pay('/api/billing/cryptomus/pay', invoiceId);
    expect(next.url).not.toBe(url);
  });
});

describe('BitPay through the sandbox', () => {
  it('pays: viewer, IPN checked by fetching the invoice, invoice Paid once; replays record nothing more', async () => {
    const invoiceId = await createInvoice(t, owner.id, { cents: 1250 });
    const { bitpay_invoice_id: id, url } = await pay('/api/billing/bitcoin/pay', invoiceId);
    await press(url, 'Pay');
    const sent = await lastCallback('bitpay');
    expect((await invoiceRow(t, invoiceId)).status).toBe('Paid');
    expect(await transactionsOf(t, invoiceId)).toEqual([
      expect.objectContaining({ gateway: 'bitpaycheckout', transId: id, amountInCents: 1250 }),
    ]);
    await replayFiveTimes(() => bitpayIpn(sent.body));
    expect(await transactionsOf(t, invoiceId)).toHaveLength(1);
  });

  it('believes no IPN, only BitPay: a forged "confirmed" for an open invoice or an unknown one changes nothing', async () => {
    const invoiceId = await createInvoice(t, owner.id, { cents: 1250 });
    const { bitpay_invoice_id: id, url } = await pay('/api/billing/bitcoin/pay', invoiceId);
    const forged = (invoice: string) =>
      JSON.stringify({
        event: { code: 1005, name: 'invoice_confirmed' },
        data: { id: invoice, status: 'confirmed', price: 12.5, currency: 'USD' },
      });
    expect((await bitpayIpn(forged(id))).status).toBe(200);
    expect((await bitpayIpn(forged('UnknownInvoice0000001'))).status).toBe(200);
    expect((await bitpayIpn('[]')).status).toBe(200);
    await expectUnpaid(invoiceId);

    await press(url, 'Let it expire');
    await eventually(async () => (await checkoutsOf(t, invoiceId))[0]!.status === 'cancelled');
    await expectUnpaid(invoiceId);
  });
});

describe('when the gateway cannot be asked', () => {
  // Last: it stops the sandbox.
  it('answers 503 to an IPN it could not verify with PayPal, so that PayPal sends it again', async () => {
    const invoiceId = await createInvoice(t, owner.id, { cents: 1500 });
    await simulator.close();
    simulatorClosed = true;
    const body = `txn_id=UNVERIFIABLE00001&payment_status=Completed&mc_gross=15.00&mc_currency=USD&invoice=${invoiceId}`;
    const answer = await ipn(body);
    expect(answer.status).toBe(503);
    expect(((await answer.json()) as { error?: string }).error).toBe('upstream_error');
    await expectUnpaid(invoiceId);
  });
});
