import {
  cardIdParamsSchema,
  cardListResponseSchema,
  cardMessageResponseSchema,
  cardPayRequestSchema,
  cardPayResponseSchema,
  CardText,
  cardUpdateRequestSchema,
  ErrorCode,
  invoiceIdParamsSchema,
  paymentIntentQuerySchema,
  paymentIntentResponseSchema,
  savePaymentMethodRequestSchema,
  savePaymentMethodResponseSchema,
  setupIntentResponseSchema,
  stripeConfigResponseSchema,
} from '@rackdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../app-context.ts';
import { AppError } from '../../../http/errors.ts';
import { callerOf } from '../../../http/caller.ts';
import { refusedFor } from '../../../http/route-answers.ts';
import { CardPaymentsService } from './card-payments.service.ts';
import { CardsService } from './cards.service.ts';

const tags = ['billing'];
const billing = { permission: 'billing' } as const;
const providerFailed = {
  502: 'The card payment provider failed or refused the call (`error`: `upstream_error`); the message can be shown as it is.',
};
const verifiedEmailRefusals = refusedFor(
  ErrorCode.permissionRequired,
  [ErrorCode.emailUnverified, "the account's e-mail address is not verified yet"],
  ErrorCode.accountClosed,
);
const detailsRefusals = refusedFor(
  ErrorCode.permissionRequired,
  [
    ErrorCode.userDetailsRequired,
    'the profile details non-crypto payments need are missing (`user_details_ok`)',
  ],
  ErrorCode.accountClosed,
);

/**
 * Saved cards and card payments through Stripe (portal spec §7 `billing/setup-intent`,
 * `billing/save-payment-method`, `billing/card`, `billing/payment-intent`, `billing/card/pay/{id}`)
 * and Stripe's webhook. Sub-accounts need the billing permission.
 */
export function cardsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const log = app.log;
    const cards = new CardsService(ctx.database, ctx.cardGateway, log);
    const payments = new CardPaymentsService(ctx.database, ctx.cardGateway, ctx.settlement, cards, log);

    app.get(
      '/billing/stripe/config',
      {
        config: { access: billing, answers: { 503: CardText.notConfigured } },
        schema: {
          tags,
          summary: 'What the browser needs to load Stripe.js: the publishable key and the script',
          operationId: 'getStripeConfig',
          response: { 200: stripeConfigResponseSchema },
        },
      },
      async (request) => {
        callerOf(request);
        if (!ctx.cardGateway.isConfigured) throw new AppError(503, CardText.notConfigured);
        return ctx.cardGateway.browserConfig();
      },
    );

    app.get(
      '/billing/setup-intent',
      {
        // It makes a Stripe customer and a setup intent: a change, whatever the method.
        config: {
          access: billing,
          changes: true,
          answers: { 403: verifiedEmailRefusals, ...providerFailed },
        },
        schema: {
          tags,
          summary: 'Starts saving a card: a Stripe setup intent for the browser to confirm',
          operationId: 'createSetupIntent',
          response: { 200: setupIntentResponseSchema },
        },
      },
      (request) => cards.createSetupIntent(callerOf(request)),
    );

    app.post(
      '/billing/save-payment-method',
      {
        config: {
          access: billing,
          answers: {
            403: verifiedEmailRefusals,
            404: "No such setup intent of this account's Stripe customer.",
            409: 'The setup intent has not succeeded (the card was not confirmed).',
            ...providerFailed,
          },
        },
        schema: {
          tags,
          summary: 'Saves the card of a setup intent the browser confirmed, after checking it with Stripe',
          operationId: 'savePaymentMethod',
          body: savePaymentMethodRequestSchema,
          response: { 201: savePaymentMethodResponseSchema },
        },
      },
      async (request, reply) => {
        const card = await cards.save(callerOf(request), request.body.setup_intent_id);
        return reply.code(201).send({ message: CardText.added, card });
      },
    );

    app.get(
      '/billing/card',
      {
        config: { access: billing },
        schema: {
          tags,
          summary: "Lists the account's saved cards",
          operationId: 'listCards',
          response: { 200: cardListResponseSchema },
        },
      },
      async (request) => ({ paymethods: await cards.list(callerOf(request)) }),
    );

    app.delete(
      '/billing/card/:id',
      {
        config: { access: billing, answers: { 404: 'No such card on this account.', ...providerFailed } },
        schema: {
          tags,
          summary: 'Deletes a saved card (detached at Stripe); the default moves to another card',
          operationId: 'deleteCard',
          params: cardIdParamsSchema,
          response: { 200: cardMessageResponseSchema },
        },
      },
      async (request) => ({
        message: CardText.deleted,
        paymethods: await cards.remove(callerOf(request), request.params.id),
      }),
    );

    app.patch(
      '/billing/card/:id',
      {
        config: { access: billing, answers: { 404: 'No such card on this account.', ...providerFailed } },
        schema: {
          tags,
          summary: "Makes a saved card the account's default",
          operationId: 'updateCard',
          params: cardIdParamsSchema,
          body: cardUpdateRequestSchema,
          response: { 200: cardMessageResponseSchema },
        },
      },
      async (request) => ({
        message: CardText.madeDefault,
        paymethods: await cards.makeDefault(callerOf(request), request.params.id),
      }),
    );

    app.get(
      '/billing/payment-intent',
      {
        // It starts a payment at Stripe: a change, whatever the method.
        config: {
          access: billing,
          changes: true,
          answers: {
            403: detailsRefusals,
            404: 'No such Unpaid invoice on this account, or no such card.',
            ...providerFailed,
          },
        },
        schema: {
          tags,
          summary: "A Stripe payment intent of an Unpaid invoice's balance, for the browser to confirm",
          operationId: 'createPaymentIntent',
          querystring: paymentIntentQuerySchema,
          response: { 200: paymentIntentResponseSchema },
        },
      },
      (request) => payments.createIntent(callerOf(request), request.query.invoice_id, request.query.card_id),
    );

    app.post(
      '/billing/card/pay/:id',
      {
        config: {
          access: billing,
          answers: {
            402: "The card was declined or the payment did not succeed (`error`: `payment_failed`); `message` is 'Payment failed'.",
            403: detailsRefusals,
            404: 'No such Unpaid invoice, card or payment intent of this invoice on this account.',
            409: 'Another card payment of this invoice is in progress.',
            ...providerFailed,
          },
        },
        // The body is optional (a saved card is the default one): no body reads as `{}`.
        preValidation: async (request) => {
          request.body ??= {};
        },
        schema: {
          tags,
          summary: 'Pays an invoice by card: a saved card now, or the payment intent the browser confirmed',
          operationId: 'payInvoiceByCard',
          params: invoiceIdParamsSchema,
          body: cardPayRequestSchema,
          response: { 200: cardPayResponseSchema },
        },
      },
      (request) => payments.pay(callerOf(request), request.params.id, request.body),
    );

    // Stripe's webhook: the signature is checked on the body exactly as sent, so this route reads
    // it as text instead of JSON.
    await app.register(async (webhook) => {
      webhook.removeAllContentTypeParsers();
      webhook.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
      webhook.post(
        '/billing/stripe/webhook',
        {
          config: {
            access: 'public',
            answers: { 400: 'The `Stripe-Signature` is missing, wrong or too old: nothing changed.' },
          },
          schema: {
            tags,
            summary: "Stripe's webhook (signed events: payments, failures, refunds)",
            operationId: 'stripeWebhook',
            body: z
              .string()
              .describe('The event as Stripe sent it, checked byte for byte against `Stripe-Signature`.'),
            response: { 200: z.object({ received: z.literal(true) }) },
          },
        },
        async (request) => {
          await payments.handleWebhook(typeof request.body === 'string' ? request.body : '', request.headers);
          return { received: true as const };
        },
      );
    });
  };
}
