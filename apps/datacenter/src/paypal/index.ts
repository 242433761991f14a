import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { SimContext } from '../context.ts';
import type { CallbackSender } from '../payment-sandbox/callbacks.ts';
import { formatCents, parseAmountCents } from '../payment-sandbox/money.ts';
import {
  detailList,
  escapeHtml,
  formFields,
  keepRawBodies,
  postButton,
  sendPage,
} from '../payment-sandbox/pages.ts';
import { type PaypalCheckout, paypalState } from './state.ts';

const NOTIFY_VALIDATE = 'cmd=_notify-validate&';
const CURRENCIES = new Set(['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'JPY', 'CHF', 'SEK', 'NOK', 'DKK', 'PLN']);

const upperId = (length: number) =>
  Array.from(randomBytes(length), (byte) => 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789'[byte % 34]).join('');

/**
 * The simulated PayPal Standard checkout (a sandbox for demos and tests; no money moves): the
 * merchant's form posts `cmd=_xclick` to `/cgi-bin/webscr`, the buyer approves or cancels on
 * `/checkoutnow`, an approval sends the IPN to `notify_url` (again later while it is not accepted),
 * and `cmd=_notify-validate` answers VERIFIED only for an IPN sent back unchanged.
 */
export async function registerPaypal(app: FastifyInstance, ctx: SimContext, callbacks: CallbackSender) {
  await app.register(async (scope) => {
    keepRawBodies(scope);

    const webscr = async (
      request: { method: string; query: unknown; body: unknown },
      reply: FastifyReply,
    ) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      if (request.method === 'POST' && raw.startsWith(NOTIFY_VALIDATE)) {
        return reply
          .type('text/plain')
          .send(isSentIpn(ctx, raw.slice(NOTIFY_VALIDATE.length)) ? 'VERIFIED' : 'INVALID');
      }
      const fields = request.method === 'POST' ? formFields(raw) : formFields(request.query);
      if (fields.cmd !== '_xclick') return refusal(reply, 'This kind of payment is not supported here.');
      const problem = checkoutProblem(fields);
      if (problem) return refusal(reply, problem);
      const checkout: PaypalCheckout = {
        token: `EC-${upperId(17)}`,
        fields,
        status: 'open',
        txnId: null,
        createdAt: ctx.clock.now(),
      };
      paypalState(ctx).checkouts[checkout.token] = checkout;
      ctx.store.save();
      return reply.redirect(`/checkoutnow?token=${checkout.token}`, 303);
    };
    scope.get('/cgi-bin/webscr', webscr);
    scope.post('/cgi-bin/webscr', webscr);

    scope.get<{ Querystring: { token?: string } }>('/checkoutnow', async (request, reply) => {
      const checkout = paypalState(ctx).checkouts[request.query.token ?? ''];
      if (!checkout) return refusal(reply, 'This checkout does not exist or has expired.', 404);
      return sendPage(reply, 200, 'PayPal Checkout', approvalPage(checkout));
    });

    scope.post('/checkoutnow/pay', async (request, reply) => {
      const checkout = openCheckout(ctx, request.body);
      if (!checkout) return refusal(reply, 'This checkout is no longer open.', 409);
      const ipn = ipnOf(checkout);
      checkout.status = 'paid';
      checkout.txnId = ipn.get('txn_id');
      paypalState(ctx).ipns[checkout.txnId!] = ipn.toString();
      ctx.store.save();
      const notifyUrl = httpUrl(checkout.fields.notify_url);
      if (notifyUrl)
        await callbacks.send('paypal', notifyUrl, 'application/x-www-form-urlencoded', ipn.toString());
      return returnToMerchant(reply, checkout, ipn);
    });

    scope.post('/checkoutnow/cancel', async (request, reply) => {
      const checkout = openCheckout(ctx, request.body);
      if (!checkout) return refusal(reply, 'This checkout is no longer open.', 409);
      checkout.status = 'cancelled';
      ctx.store.save();
      const cancelUrl = httpUrl(checkout.fields.cancel_return);
      if (cancelUrl) return reply.redirect(cancelUrl, 303);
      return sendPage(reply, 200, 'Payment cancelled', '<h1>Payment cancelled</h1>');
    });
  });
}

function refusal(reply: FastifyReply, message: string, status = 400) {
  return sendPage(
    reply,
    status,
    'PayPal',
    `<h1>We cannot process this payment</h1><p>${escapeHtml(message)}</p>`,
  );
}

function checkoutProblem(fields: Record<string, string>): string | undefined {
  if (!fields.business) return 'The merchant (business) is missing.';
  if (!parseAmountCents(fields.amount)) return 'The amount is missing or invalid.';
  if (fields.tax && parseAmountCents(fields.tax) === undefined) return 'The tax is invalid.';
  if (!CURRENCIES.has(fields.currency_code ?? 'USD')) return 'This currency is not supported.';
  return undefined;
}

function openCheckout(ctx: SimContext, body: unknown): PaypalCheckout | undefined {
  const checkout = paypalState(ctx).checkouts[formFields(body).token ?? ''];
  return checkout?.status === 'open' ? checkout : undefined;
}

function isSentIpn(ctx: SimContext, ipn: string): boolean {
  const txnId = new URLSearchParams(ipn).get('txn_id');
  return txnId !== null && paypalState(ctx).ipns[txnId] === ipn;
}

const httpUrl = (value: string | undefined) => (value && /^https?:\/\//.test(value) ? value : undefined);

function grossCents(fields: Record<string, string>): number {
  return (parseAmountCents(fields.amount) ?? 0) + (parseAmountCents(fields.tax) ?? 0);
}

function approvalPage(checkout: PaypalCheckout): string {
  const { fields } = checkout;
  const currency = fields.currency_code ?? 'USD';
  return `<h1>Pay with PayPal</h1>
${detailList([
  ['Pay to', fields.business ?? ''],
  ['Item', fields.item_name ?? ''],
  ['Amount', `${formatCents(grossCents(fields))} ${currency}`],
])}
${postButton('/checkoutnow/pay', 'Pay', { token: checkout.token }, true)}
${postButton('/checkoutnow/cancel', 'Cancel', { token: checkout.token })}`;
}

/** The IPN of an approved checkout, with the fields and order PayPal uses for `web_accept`. */
function ipnOf(checkout: PaypalCheckout): URLSearchParams {
  const { fields } = checkout;
  const gross = grossCents(fields);
  const fee = Math.round(gross * 0.0349) + 49;
  const date = new Date(checkout.createdAt);
  return new URLSearchParams({
    mc_gross: formatCents(gross),
    invoice: fields.invoice ?? '',
    protection_eligibility: 'Eligible',
    payer_id: upperId(13),
    payment_date: date.toUTCString().replace(/^\w+, /, ''),
    payment_status: 'Completed',
    charset: 'UTF-8',
    first_name: fields.first_name ?? 'Sandbox',
    mc_fee: formatCents(fee),
    notify_version: '3.9',
    custom: fields.custom ?? '',
    payer_status: 'verified',
    business: fields.business ?? '',
    quantity: '1',
    verify_sign: randomBytes(28).toString('base64url'),
    payer_email: fields.email || 'buyer@sandbox.rackdesk.test',
    txn_id: upperId(17),
    payment_type: 'instant',
    last_name: fields.last_name ?? 'Buyer',
    receiver_email: fields.business ?? '',
    payment_fee: '',
    receiver_id: upperId(13),
    txn_type: 'web_accept',
    item_name: fields.item_name ?? '',
    mc_currency: fields.currency_code ?? 'USD',
    item_number: fields.item_number ?? '',
    residence_country: fields.country || 'US',
    test_ipn: '1',
    handling_amount: '0.00',
    transaction_subject: fields.item_name ?? '',
    payment_gross: '',
    shipping: '0.00',
    tax: formatCents(parseAmountCents(fields.tax) ?? 0),
    ipn_track_id: randomBytes(7).toString('hex'),
  });
}

/**
 * Back to the merchant's `return` URL: with rm=2 the browser POSTs the payment variables there
 * (a page that submits itself), otherwise a plain redirect.
 */
function returnToMerchant(reply: FastifyReply, checkout: PaypalCheckout, ipn: URLSearchParams) {
  const returnUrl = httpUrl(checkout.fields.return);
  if (!returnUrl) return sendPage(reply, 200, 'Payment complete', '<h1>Payment complete</h1>');
  if (checkout.fields.rm !== '2') return reply.redirect(returnUrl, 303);
  const form = postButton(returnUrl, 'Return to merchant', Object.fromEntries(ipn), true);
  return sendPage(
    reply,
    200,
    'Payment complete',
    `<h1>Payment complete</h1><p>You are being returned to the merchant.</p>${form}
<script>document.forms[0].submit()</script>`,
  );
}
