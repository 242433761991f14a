import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allPermissions, bearer, createUser, loginToken, noPermissions } from '../support/fixtures.ts';
import { addInvoiceItem, createInvoice, payInvoice } from '../support/invoices.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** `GET invoices/{id}/pdf`: the invoice as a PDF made on the server. */
describe('invoice PDF', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const download = (token: string, invoiceId: number) =>
    t.app.inject({ method: 'GET', url: `/api/invoices/${invoiceId}/pdf`, headers: bearer(token) });

  async function textOf(pdf: Buffer): Promise<string> {
    const parser = new PDFParse({ data: new Uint8Array(pdf) });
    try {
      return (await parser.getText()).text;
    } finally {
      await parser.destroy();
    }
  }

  it('is a PDF attachment with the number, dates, status, both addresses, items, totals and transactions', async () => {
    const owner = await createUser(t, {
      firstname: 'Zoë',
      lastname: 'Kowalczyk-Ångström',
      companyname: 'Łódź Hosting Sp. z o.o.',
      address1: 'ул. Ленина 12',
      city: 'Kraków',
      postcode: '30-001',
      country: 'PL',
    });
    const token = await loginToken(t.app, owner.email, owner.password);
    const invoiceId = await createInvoice(t, owner.id, { cents: 2000, dueInDays: 3 });
    await addInvoiceItem(t, invoiceId, {
      type: 'Setup',
      cents: 550,
      description: 'Setup fee\nfor Αθήνα server',
    });
    await payInvoice(t, invoiceId, { gateway: 'paypal', transId: `PDF-TXN-${invoiceId}`, cents: 1000 });

    const response = await download(token, invoiceId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="invoice-${invoiceId}.pdf"`);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const text = await textOf(response.rawPayload);
    const due = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    for (const expected of [
      `Invoice #${invoiceId}`,
      'UNPAID',
      `Due Date: ${due}`,
      'Invoiced To',
      'Zoë Kowalczyk-Ångström',
      'Łódź Hosting Sp. z o.o.',
      'ул. Ленина 12',
      'Kraków, 30-001',
      'Poland',
      'Pay To',
      'Rackdesk Hosting',
      'Hosting line',
      'for Αθήνα server',
      '$5.50 USD',
      'Sub Total',
      '$25.50 USD',
      'Balance',
      '$15.50 USD',
      'PayPal',
      `PDF-TXN-${invoiceId}`,
      '$10.00 USD',
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it('says when there are no transactions', async () => {
    const owner = await createUser(t);
    const token = await loginToken(t.app, owner.email, owner.password);
    const invoiceId = await createInvoice(t, owner.id, { status: 'Paid' });
    const text = await textOf((await download(token, invoiceId)).rawPayload);
    expect(text).toContain('PAID');
    expect(text).toContain('No transactions found');
  });

  it("is a 404 for another account's invoice, and needs the billing permission", async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const invoiceId = await createInvoice(t, a.id);
    const other = await download(await loginToken(t.app, b.email, b.password), invoiceId);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: 'Unknown invoice.' });
    const sub = async (permissions: typeof allPermissions) => {
      const user = await createUser(t, { parentId: a.id, permissions });
      return loginToken(t.app, user.email, user.password);
    };
    expect((await download(await sub(noPermissions), invoiceId)).json().error).toBe('permission_required');
    const withBilling = await download(await sub({ ...noPermissions, billing: true }), invoiceId);
    expect(withBilling.statusCode).toBe(200);
    // Addressed to the owner, not to the sub-account that downloads it.
    expect(await textOf(withBilling.rawPayload)).toContain(a.email);
    expect((await t.app.inject({ method: 'GET', url: `/api/invoices/${invoiceId}/pdf` })).statusCode).toBe(
      401,
    );
  });
});
