import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { SimContext } from '../context.ts';
import type { CallbackSender } from '../payment-sandbox/callbacks.ts';
import { formatCents, parseAmountCents } from '../payment-sandbox/money.ts';
import {
  detailList,
  escapeHtml,
  keepRawBodies,
  originOf,
  postButton,
  sendPage,
} from '../payment-sandbox/pages.ts';
import {
  type CryptomusPayment,
  type CryptomusStatus,
  cryptomusSign,
  cryptomusState,
  cryptomusStatuses,
  isFinal,
  phpJson,
} from './state.ts';

const LIFETIME_MS = 3_600_000;
const urlField = z
  .string()
  .regex(/^https?:\/\/\S+$/, 'validation.url')
  .max(255);
const createSchema = z.object({
  amount: z.string().refine((value) => (parseAmountCents(value) ?? 0) > 0, 'validation.numeric'),
  currency: z.string().regex(/^[A-Z]{3,5}$/, 'validation.currency'),
  order_id: z.string().regex(/^[\w-]{1,128}$/, 'validation.alpha_dash'),
  url_callback: urlField.optional(),
  url_return: urlField.optional(),
  url_success: urlField.optional(),
  lifetime: z.number().int().min(300).max(43_200).optional(),
  additional_data: z.string().max(255).optional(),
});

const sameText = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The simulated Cryptomus payment API (a sandbox for demos and tests; no crypto moves): signed
 * `POST /v1/payment` and `/v1/payment/info`, a checkout page at the payment's `url`, and the signed
 * webhook to `url_callback` when the payment is paid or cancelled (or set by the control API).
 */
export async function registerCryptomus(app: FastifyInstance, ctx: SimContext, callbacks: CallbackSender) {
  const { merchantId, apiKey } = ctx.credentials.cryptomus;

  const notify = async (payment: CryptomusPayment) => {
    if (!payment.urlCallback) return;
    const body = webhookBody(payment);
    const signed = { ...body, sign: cryptomusSign(phpJson(body), apiKey) };
    await callbacks.send('cryptomus', payment.urlCallback, 'application/json', phpJson(signed));
  };
  const settle = async (payment: CryptomusPayment, status: CryptomusStatus, paymentAmount?: string) => {
    payment.status = status;
    if (status === 'paid' || status === 'paid_over' || status === 'wrong_amount') {
      payment.paymentAmount = paymentAmount ?? payment.amount;
      payment.payerCurrency = 'USDT';
      payment.txid = randomBytes(32).toString('hex');
    }
    ctx.store.save();
    await notify(payment);
  };

  await app.register(async (scope) => {
    keepRawBodies(scope);
    // Every API call is signed: the merchant's uuid and md5(base64(body) + key), checked first.
    const signedJson = (request: FastifyRequest, reply: FastifyReply): unknown => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const merchant = request.headers.merchant;
      const sign = request.headers.sign;
      if (
        merchant !== merchantId ||
        typeof sign !== 'string' ||
        !sameText(sign, cryptomusSign(raw, apiKey))
      ) {
        void reply.code(401).send({ state: 1, message: 'Invalid Sign' });
        return undefined;
      }
      try {
        return raw === '' ? {} : JSON.parse(raw);
      } catch {
        void reply.code(422).send({ state: 1, message: 'The given data was invalid.' });
        return undefined;
      }
    };

    scope.post('/v1/payment', async (request, reply) => {
      const body = signedJson(request, reply);
      if (body === undefined) return reply;
      const parsed = createSchema.safeParse(body);
      if (!parsed.success) return reply.code(422).send({ state: 1, errors: fieldErrors(parsed.error) });
      const input = parsed.data;
      const state = cryptomusState(ctx);
      // The same order_id again gives the payment already made for it, as Cryptomus does.
      const existing = Object.values(state.payments).find((payment) => payment.orderId === input.order_id);
      if (existing) return { state: 0, result: present(existing, originOf(request), ctx.clock.now()) };
      const now = ctx.clock.now();
      const payment: CryptomusPayment = {
        uuid: randomUUID(),
        orderId: input.order_id,
        amount: formatCents(parseAmountCents(input.amount)!),
        currency: input.currency,
        urlCallback: input.url_callback ?? null,
        urlReturn: input.url_return ?? null,
        urlSuccess: input.url_success ?? null,
        additionalData: input.additional_data ?? null,
        status: 'check',
        paymentAmount: null,
        payerCurrency: null,
        txid: null,
        createdAt: now,
        expiresAt: now + (input.lifetime ? input.lifetime * 1000 : LIFETIME_MS),
      };
      state.payments[payment.uuid] = payment;
      ctx.store.save();
      return { state: 0, result: present(payment, originOf(request), now) };
    });

    scope.post('/v1/payment/info', async (request, reply) => {
      const body = signedJson(request, reply) as { uuid?: unknown; order_id?: unknown } | undefined;
      if (body === undefined) return reply;
      const payment = Object.values(cryptomusState(ctx).payments).find(
        (candidate) => candidate.uuid === body.uuid || candidate.orderId === body.order_id,
      );
      if (!payment) return reply.code(404).send({ state: 1, message: 'Payment not found' });
      return { state: 0, result: present(payment, originOf(request), ctx.clock.now()) };
    });
  });

  app.get<{ Params: { uuid: string } }>('/pay/:uuid', async (request, reply) => {
    const payment = cryptomusState(ctx).payments[request.params.uuid];
    if (!payment) return sendPage(reply, 404, 'Cryptomus', '<h1>Payment not found</h1>');
    const open = !isFinal(payment.status) && payment.expiresAt > ctx.clock.now();
    const actions = open
      ? `${postButton(`/pay/${payment.uuid}/pay`, 'Pay', {}, true)}${postButton(`/pay/${payment.uuid}/cancel`, 'Cancel')}`
      : `<p>This payment is ${escapeHtml(payment.status)}.</p>`;
    return sendPage(
      reply,
      200,
      'Cryptomus checkout',
      `<h1>Cryptomus</h1>${detailList([
        ['Order', payment.orderId],
        ['Amount', `${payment.amount} ${payment.currency}`],
        ['Pay with', 'USDT (TRC-20)'],
      ])}${actions}`,
    );
  });

  const pageAction = (status: CryptomusStatus) => async (request: FastifyRequest, reply: FastifyReply) => {
    const payment = cryptomusState(ctx).payments[(request.params as { uuid: string }).uuid];
    if (!payment || isFinal(payment.status)) {
      return sendPage(reply, 409, 'Cryptomus', '<h1>This payment is no longer open</h1>');
    }
    await settle(payment, status);
    const back = status === 'paid' ? (payment.urlSuccess ?? payment.urlReturn) : payment.urlReturn;
    if (back) return reply.redirect(back, 303);
    return sendPage(reply, 200, 'Cryptomus', `<h1>Payment ${escapeHtml(status)}</h1>`);
  };
  app.post('/pay/:uuid/pay', pageAction('paid'));
  app.post('/pay/:uuid/cancel', pageAction('cancel'));

  // Control API (not part of Cryptomus): any status, e.g. wrong_amount with what was really paid.
  const statusSchema = z.object({
    status: z.enum(cryptomusStatuses),
    payment_amount: z.string().optional(),
  });
  app.post<{ Params: { uuid: string } }>(
    '/_control/cryptomus/payments/:uuid/status',
    async (request, reply) => {
      const parsed = statusSchema.safeParse(request.body);
      if (!parsed.success) return reply.code(400).send({ message: z.prettifyError(parsed.error) });
      const payment = cryptomusState(ctx).payments[request.params.uuid];
      if (!payment) return reply.code(404).send({ message: 'Unknown payment.' });
      await settle(payment, parsed.data.status, parsed.data.payment_amount);
      return { payment: present(payment, originOf(request), ctx.clock.now()) };
    },
  );
}

function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'body');
    errors[field] = [
      ...(errors[field] ?? []),
      issue.code === 'invalid_type' ? 'validation.required' : issue.message,
    ];
  }
  return errors;
}

/** A payment as `POST /v1/payment` and `/v1/payment/info` show it. */
function present(payment: CryptomusPayment, origin: string, now: number) {
  const expired = !isFinal(payment.status) && payment.expiresAt <= now;
  const status = expired ? 'cancel' : payment.status;
  return {
    uuid: payment.uuid,
    order_id: payment.orderId,
    amount: payment.amount,
    payment_amount: payment.paymentAmount,
    payer_amount: payment.paymentAmount,
    discount_percent: null,
    discount: '0.00000000',
    payer_currency: payment.payerCurrency,
    currency: payment.currency,
    merchant_amount: payment.paymentAmount,
    network: payment.txid ? 'tron' : null,
    address: null,
    from: null,
    txid: payment.txid,
    payment_status: status,
    url: `${origin}/pay/${payment.uuid}`,
    expired_at: Math.floor(payment.expiresAt / 1000),
    status,
    is_final: expired || isFinal(payment.status),
    additional_data: payment.additionalData,
    created_at: new Date(payment.createdAt).toISOString(),
    updated_at: new Date(now).toISOString(),
  };
}

/** The webhook's fields in Cryptomus's order (the signature is added last). */
function webhookBody(payment: CryptomusPayment) {
  const paid = payment.paymentAmount ?? '0.00';
  const commission = formatCents(Math.round((parseAmountCents(paid) ?? 0) * 0.02));
  return {
    type: 'payment',
    uuid: payment.uuid,
    order_id: payment.orderId,
    amount: payment.amount,
    payment_amount: paid,
    payment_amount_usd: paid,
    merchant_amount: formatCents((parseAmountCents(paid) ?? 0) - (parseAmountCents(commission) ?? 0)),
    commission,
    is_final: isFinal(payment.status),
    status: payment.status,
    from: null,
    wallet_address_uuid: null,
    network: 'tron',
    currency: payment.currency,
    payer_currency: payment.payerCurrency ?? 'USDT',
    additional_data: payment.additionalData,
    ...(payment.txid ? { txid: payment.txid } : {}),
  };
}
