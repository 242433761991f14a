import { describe, expect, it } from 'vitest';
import { formsOf, sandboxForFile, submitForm } from '../payment-sandbox/test-kit.ts';

const kit = sandboxForFile();

const checkoutFields = (overrides: Record<string, string> = {}) => ({
  cmd: '_xclick',
  business: 'billing@merchant.example',
  item_name: 'Invoice #41',
  invoice: '41',
  custom: 'pp_ref_1',
  amount: '18.00',
  tax: '2.00',
  currency_code: 'USD',
  rm: '2',
  return: `${kit.merchant.url}/invoices/41?success=true`,
  cancel_return: `${kit.merchant.url}/invoices/41?success=false`,
  notify_url: `${kit.merchant.url}/ipn`,
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  ...overrides,
});

/** Posts the merchant's form and opens the approval page it leads to. */
async function openCheckout(fields: Record<string, string>) {
  const posted = await submitForm(`${kit.sandbox.url}/cgi-bin/webscr`, fields);
  expect(posted.status).toBe(303);
  const page = await fetch(`${kit.sandbox.url}${posted.headers.get('location')}`);
  expect(page.status).toBe(200);
  const html = await page.text();
  return { html, forms: formsOf(html) };
}

const validate = (ipn: string) =>
  fetch(`${kit.sandbox.url}/cgi-bin/webscr`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `cmd=_notify-validate&${ipn}`,
  }).then((response) => response.text());

describe('the PayPal Standard sandbox', () => {
  it('shows the approval page, sends the IPN on Pay and returns the buyer by POST (rm=2)', async () => {
    const { html, forms } = await openCheckout(checkoutFields());
    expect(html).toContain('billing@merchant.example');
    expect(html).toContain('Invoice #41');
    expect(html).toContain('20.00 USD');
    const pay = forms.get('Pay')!;

    const paid = await submitForm(`${kit.sandbox.url}${pay.action}`, pay.fields);
    expect(paid.status).toBe(200);
    const back = formsOf(await paid.text()).get('Return to merchant')!;
    expect(back.action).toBe(`${kit.merchant.url}/invoices/41?success=true`);

    expect(kit.merchant.received).toHaveLength(1);
    const [ipn] = kit.merchant.received;
    expect(ipn!.path).toBe('/ipn');
    expect(ipn!.contentType).toBe('application/x-www-form-urlencoded');
    const fields = Object.fromEntries(new URLSearchParams(ipn!.body));
    expect(fields).toMatchObject({
      payment_status: 'Completed',
      mc_gross: '20.00',
      mc_currency: 'USD',
      receiver_email: 'billing@merchant.example',
      business: 'billing@merchant.example',
      invoice: '41',
      custom: 'pp_ref_1',
      item_name: 'Invoice #41',
      payer_email: 'ada@example.com',
      txn_type: 'web_accept',
    });
    expect(fields.txn_id).toMatch(/^[A-Z0-9]{17}$/);
    expect(back.fields.txn_id).toBe(fields.txn_id);

    expect(await validate(ipn!.body)).toBe('VERIFIED');
    expect(await validate(ipn!.body.replace('mc_gross=20.00', 'mc_gross=2000.00'))).toBe('INVALID');
    expect(await validate(`${ipn!.body}&extra=1`)).toBe('INVALID');
  });

  it('sends the buyer to cancel_return on Cancel, without an IPN, and closes the checkout', async () => {
    const { forms } = await openCheckout(checkoutFields());
    const cancel = forms.get('Cancel')!;
    const cancelled = await submitForm(`${kit.sandbox.url}${cancel.action}`, cancel.fields);
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe(`${kit.merchant.url}/invoices/41?success=false`);
    expect(kit.merchant.received).toHaveLength(0);

    const pay = forms.get('Pay')!;
    expect((await submitForm(`${kit.sandbox.url}${pay.action}`, pay.fields)).status).toBe(409);
  });

  it('takes the form as the browser sent it: a changed amount is what the IPN reports', async () => {
    const { forms } = await openCheckout(checkoutFields({ amount: '0.01', tax: '' }));
    const pay = forms.get('Pay')!;
    await submitForm(`${kit.sandbox.url}${pay.action}`, pay.fields);
    expect(new URLSearchParams(kit.merchant.received[0]!.body).get('mc_gross')).toBe('0.01');
  });

  it('sends an IPN the merchant refused again once its gap has passed, until it is accepted', async () => {
    kit.merchant.status = 500;
    const { forms } = await openCheckout(checkoutFields());
    const pay = forms.get('Pay')!;
    await submitForm(`${kit.sandbox.url}${pay.action}`, pay.fields);
    expect(kit.merchant.received).toHaveLength(1);

    const deliver = () =>
      kit.sandbox.app
        .inject({ method: 'POST', url: '/_control/payments/callbacks/deliver' })
        .then((response) => response.json().attempted as number);
    expect(await deliver()).toBe(0);
    kit.merchant.status = 200;
    await kit.sandbox.app.inject({ method: 'POST', url: '/_control/clock/advance', payload: { ms: 60_000 } });
    expect(await deliver()).toBe(1);
    expect(kit.merchant.received).toHaveLength(2);
    expect(kit.merchant.received[1]!.body).toBe(kit.merchant.received[0]!.body);
    await kit.sandbox.app.inject({
      method: 'POST',
      url: '/_control/clock/advance',
      payload: { ms: 3_600_000 },
    });
    expect(await deliver()).toBe(0);
  });

  it('refuses a checkout without a merchant or with an invalid amount', async () => {
    const fields = checkoutFields();
    for (const broken of [
      { ...fields, business: '' },
      { ...fields, amount: 'ten' },
      { ...fields, cmd: '_cart' },
    ]) {
      const response = await submitForm(`${kit.sandbox.url}/cgi-bin/webscr`, broken);
      expect(response.status).toBe(400);
    }
  });
});
