import { Client, Models, TokenContainer } from 'bitpay-sdk';
import { BitPayClient } from 'bitpay-sdk/client';
import { describe, expect, it } from 'vitest';
import { defaultCredentials } from '../context.ts';
import { formsOf, sandboxForFile, submitForm } from '../payment-sandbox/test-kit.ts';

const kit = sandboxForFile();

/** The unmodified SDK's POS client, pointed at the sandbox through its own client argument. */
function posClient(token: string): Client {
  const tokens = new TokenContainer();
  tokens.addPos(token);
  return new Client(
    null,
    null,
    tokens,
    null,
    undefined,
    undefined,
    new BitPayClient(`${kit.sandbox.url}/`, null, null),
  );
}

function newInvoice(price: number) {
  const invoice = new Models.Invoice(price, 'USD');
  invoice.orderId = '41';
  invoice.itemDesc = 'Invoice #41';
  invoice.notificationURL = `${kit.merchant.url}/ipn`;
  invoice.redirectURL = `${kit.merchant.url}/invoices/41?success=true`;
  invoice.closeURL = `${kit.merchant.url}/invoices/41`;
  return invoice;
}

describe('the BitPay sandbox, driven by bitpay-sdk', () => {
  it('creates and fetches an invoice; paying on the viewer sends an unsigned IPN and confirms it', async () => {
    const client = posClient(defaultCredentials.bitpay.token);
    const created = await client.createInvoice(newInvoice(20));
    expect(created).toMatchObject({ status: 'new', price: 20, currency: 'USD', orderId: '41' });
    expect(created.url).toBe(`${kit.sandbox.url}/i/${created.id}`);

    const viewer = await (await fetch(created.url!)).text();
    expect(viewer).toContain('20.00 USD');
    const pay = formsOf(viewer).get('Pay')!;
    const paid = await submitForm(`${kit.sandbox.url}${pay.action}`, pay.fields);
    expect(paid.headers.get('location')).toBe(`${kit.merchant.url}/invoices/41?success=true`);

    expect(kit.merchant.received).toHaveLength(1);
    const ipn = JSON.parse(kit.merchant.received[0]!.body);
    expect(ipn.event).toEqual({ code: 1005, name: 'invoice_confirmed' });
    expect(ipn.data).toMatchObject({ id: created.id, status: 'confirmed', price: 20, currency: 'USD' });

    const fetched = await client.getInvoice(created.id!);
    expect(fetched.status).toBe('confirmed');
  });

  it('lets an invoice expire from the viewer, and refuses another token', async () => {
    const client = posClient(defaultCredentials.bitpay.token);
    const created = await client.createInvoice(newInvoice(12.5));
    const expire = formsOf(await (await fetch(created.url!)).text()).get('Let it expire')!;
    await submitForm(`${kit.sandbox.url}${expire.action}`, expire.fields);
    expect((await client.getInvoice(created.id!)).status).toBe('expired');

    await expect(posClient('not-the-token').createInvoice(newInvoice(5))).rejects.toThrow(/Invalid token/);
    await expect(posClient('not-the-token').getInvoice(created.id!)).rejects.toThrow(/Invalid token/);
  });
});
