import {
  bitcoinPayResponseSchema,
  callbackAnswerSchema,
  cryptomusPayResponseSchema,
  ErrorCode,
  paymentRequestSchema,
  paypalCheckoutSchema,
  paypalPayRequestSchema,
} from '@rackdesk/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../app-context.ts';
import { callerOf } from '../../../http/caller.ts';
import { type Refusal, refusedFor } from '../../../http/route-answers.ts';
import { AppError } from '../../../http/errors.ts';
import { UpstreamError } from '../../../providers/upstream-error.ts';
import type { CheckoutStart } from './gateway.ts';
import { CALLBACK_PATHS, type CallbackGateway } from './gateway-payments.service.ts';

const tags = ['billing'];

const payAnswers = (crypto: boolean) => ({
  403: refusedFor(
    ErrorCode.permissionRequired,
    ErrorCode.accountClosed,
    ...(crypto
      ? []
      : [
          [
            ErrorCode.userDetailsRequired,
            'the profile lacks the details non-crypto payments need',
          ] as Refusal,
        ]),
  ),
  404: "No such invoice on this account (another account's invoice is a 404 too).",
  422: 'The input is invalid, or the invoice cannot be paid now (Paid, Cancelled, or nothing left to pay).',
  502: 'The payment provider failed or refused the call (`error`: `upstream_error`); the message can be shown.',
  503: `The gateway is not configured on this server (\`error\`: \`${ErrorCode.gatewayUnavailable}\`).`,
});

/**
 * Paying an invoice by PayPal, Cryptomus or BitPay (portal spec §7): the pay calls answer what the
 * browser needs next (a form to post, or a page to open), computed from the invoice alone.
 */
export function gatewayPaymentsRoutes({ gatewayPayments }: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const pay = (module: CallbackGateway, invoiceId: number, request: FastifyRequest) =>
      gatewayPayments.checkout(callerOf(request), module, invoiceId);

    app.post(
      '/billing/paypal/pay',
      {
        config: { access: { permission: 'billing' }, answers: payAnswers(false) },
        schema: {
          tags,
          summary: 'Gives the PayPal checkout form of an unpaid invoice',
          description:
            'The browser posts `fields` to `action`. Everything in it (amount, tax, currency, return and notify URLs, contact fields) is computed by the server.',
          operationId: 'payInvoiceByPaypal',
          body: paypalPayRequestSchema,
          response: { 200: paypalCheckoutSchema },
        },
      },
      async (request) => formOf(await pay('paypal', request.body.invoiceid, request)),
    );

    app.post(
      '/billing/cryptomus/pay',
      {
        config: { access: { permission: 'billing' }, answers: payAnswers(true) },
        schema: {
          tags,
          summary: 'Creates (or reuses) the Cryptomus payment of an unpaid invoice',
          description: 'Only `invoiceid` is read; amount, currency and URLs are computed by the server.',
          operationId: 'payInvoiceByCryptomus',
          body: paymentRequestSchema,
          response: { 200: cryptomusPayResponseSchema },
        },
      },
      async (request) => ({ url: urlOf(await pay('cryptomusgateway', request.body.invoiceid, request)) }),
    );

    app.post(
      '/billing/bitcoin/pay',
      {
        config: { access: { permission: 'billing' }, answers: payAnswers(true) },
        schema: {
          tags,
          summary: 'Creates (or reuses) the BitPay invoice of an unpaid invoice',
          description: 'Only `invoiceid` is read; amount, currency and URLs are computed by the server.',
          operationId: 'payInvoiceByBitcoin',
          body: paymentRequestSchema,
          response: { 200: bitcoinPayResponseSchema },
        },
      },
      async (request) => {
        const start = await pay('bitpaycheckout', request.body.invoiceid, request);
        return { bitpay_invoice_id: start.externalId, url: urlOf(start) };
      },
    );

    await app.register(async (callbacks) => registerCallbacks(callbacks, gatewayPayments));
  };
}

/**
 * The gateways' callbacks: no bearer token (the gateway vouches for each one: signature, post-back
 * or re-fetch), the raw body kept byte for byte. A callback taken in is answered 200 whatever it
 * said, so the gateway stops sending it; 503 only when the gateway could not be asked, so it
 * sends it again later.
 */
function registerCallbacks(app: FastifyInstance, service: AppContext['gatewayPayments']) {
  app.removeContentTypeParser(['application/json', 'application/x-www-form-urlencoded']);
  app.addContentTypeParser(
    ['application/json', 'application/x-www-form-urlencoded'],
    { parseAs: 'string' },
    (_request, body, done) => done(null, body),
  );

  const callback = (module: CallbackGateway, summary: string, operationId: string, contentType: string) =>
    app.withTypeProvider<ZodTypeProvider>().post(
      CALLBACK_PATHS[module].replace(/^\/api/, ''),
      {
        config: {
          access: 'public',
          answers: { 503: 'The gateway could not be asked to confirm the callback: it will send it again.' },
        },
        schema: {
          tags,
          summary,
          operationId,
          consumes: [contentType],
          body: z.string(),
          response: { 200: callbackAnswerSchema },
        },
      },
      async (request) => {
        const rawBody = typeof request.body === 'string' ? request.body : '';
        try {
          await service.receiveCallback(module, rawBody);
        } catch (error) {
          if (!(error instanceof UpstreamError)) throw error;
          request.log.warn({ err: error, gateway: module }, 'payment callback not confirmed yet');
          throw new AppError(503, error.message, error.body);
        }
        return { received: true as const };
      },
    );

  callback('paypal', 'Receives a PayPal IPN', 'receivePaypalIpn', 'application/x-www-form-urlencoded');
  callback('cryptomusgateway', 'Receives a Cryptomus webhook', 'receiveCryptomusWebhook', 'application/json');
  callback('bitpaycheckout', 'Receives a BitPay IPN', 'receiveBitpayIpn', 'application/json');
}

function formOf(start: CheckoutStart) {
  if (start.kind !== 'form') throw new Error('PayPal answers a form');
  return { action: start.action, fields: start.fields };
}

function urlOf(start: CheckoutStart): string {
  if (start.kind !== 'redirect') throw new Error('This gateway answers a page to open');
  return start.url;
}
