import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { defaultCredentials } from '../context.ts';
import { formsOf, sandboxForFile, submitForm } from '../payment-sandbox/test-kit.ts';

const { merchantId, apiKey } = defaultCredentials.cryptomus;
const kit = sandboxForFile();

// Written here from Cryptomus's documentation, independently of the sandbox's own signer.
const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const signOf = (body: string, key = apiKey) => md5(Buffer.from(body).toString('base64') + key);

function call(path: string, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  return fetch(`${kit.sandbox.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', merchant: merchantId, sign: signOf(text), ...headers },
    body: text,
  });
}

/** The parsed answer of a sandbox call; the tests read Cryptomus's fields freely. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const json = (response: Response): Promise<any> => response.json();

let orders = 0;
const paymentRequest = () => ({
  amount: '20.00',
  currency: 'USD',
  order_id: `rd-41-${(orders += 1)}`,
  url_callback: `${kit.merchant.url}/webhook`,
  url_return: `${kit.merchant.url}/invoices/41`,
  url_success: `${kit.merchant.url}/invoices/41?success=true`,
});

describe('the Cryptomus sandbox', () => {
  it('checks the merchant and the signature of every call', async () => {
    const body = paymentRequest();
    expect(
      (await call('/v1/payment', body, { sign: signOf(JSON.stringify(body), 'other-key') })).status,
    ).toBe(401);
    expect((await call('/v1/payment', body, { merchant: 'someone-else' })).status).toBe(401);
    const response = await call('/v1/payment', body);
    expect(response.status).toBe(200);
    const { state, result } = await json(response);
    expect(state).toBe(0);
    expect(result).toMatchObject({
      order_id: body.order_id,
      amount: '20.00',
      currency: 'USD',
      payment_status: 'check',
    });
    expect(result.url).toBe(`${kit.sandbox.url}/pay/${result.uuid}`);
  });

  it('answers the existing payment for an order_id it has seen, and finds it by uuid', async () => {
    const body = paymentRequest();
    const first = (await json(await call('/v1/payment', body))).result;
    const again = (await json(await call('/v1/payment', body))).result;
    expect(again.uuid).toBe(first.uuid);
    const info = await json(await call('/v1/payment/info', { uuid: first.uuid }));
    expect(info.result.order_id).toBe(body.order_id);
  });

  it('refuses an invalid payment request field by field', async () => {
    const response = await call('/v1/payment', {
      ...paymentRequest(),
      amount: 'lots',
      url_callback: 'ftp://x',
    });
    expect(response.status).toBe(422);
    const { errors } = await json(response);
    expect(Object.keys(errors).sort()).toEqual(['amount', 'url_callback']);
  });

  it('pays on the checkout page: a webhook signed as documented, then the buyer goes to url_success', async () => {
    const request = { ...paymentRequest(), additional_data: 'invoice/41' };
    const { result } = await json(await call('/v1/payment', request));
    const page = await (await fetch(result.url)).text();
    expect(page).toContain('20.00 USD');
    const pay = formsOf(page).get('Pay')!;
    const paid = await submitForm(`${kit.sandbox.url}${pay.action}`, pay.fields);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${kit.merchant.url}/invoices/41?success=true`);

    expect(kit.merchant.received).toHaveLength(1);
    const { body } = kit.merchant.received[0]!;
    // The body escapes slashes as PHP does; the signature covers that text without `sign`.
    expect(body).toContain('\\/');
    const { sign, ...rest } = JSON.parse(body);
    expect(sign).toBe(signOf(JSON.stringify(rest).replace(/\//g, '\\/')));
    expect(rest).toMatchObject({
      type: 'payment',
      uuid: result.uuid,
      status: 'paid',
      amount: '20.00',
      currency: 'USD',
    });
    expect(rest.txid).toMatch(/^[0-9a-f]{64}$/);

    const info = await json(await call('/v1/payment/info', { uuid: result.uuid }));
    expect(info.result).toMatchObject({ payment_status: 'paid', is_final: true });
  });

  it('cancels on the page, and sends any status through the control API', async () => {
    const first = (await json(await call('/v1/payment', paymentRequest()))).result;
    const cancel = formsOf(await (await fetch(first.url)).text()).get('Cancel')!;
    const cancelled = await submitForm(`${kit.sandbox.url}${cancel.action}`, cancel.fields);
    expect(cancelled.headers.get('location')).toBe(`${kit.merchant.url}/invoices/41`);
    expect(JSON.parse(kit.merchant.received[0]!.body).status).toBe('cancel');

    const second = (await json(await call('/v1/payment', paymentRequest()))).result;
    const response = await kit.sandbox.app.inject({
      method: 'POST',
      url: `/_control/cryptomus/payments/${second.uuid}/status`,
      payload: { status: 'wrong_amount', payment_amount: '5.00' },
    });
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(kit.merchant.received[1]!.body)).toMatchObject({
      status: 'wrong_amount',
      payment_amount: '5.00',
    });
  });
});
