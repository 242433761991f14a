import { randomUUID } from 'node:crypto';
import {
  type CardPayRequest,
  type CardPayResponse,
  CardText,
  ErrorCode,
  type PaymentIntentResponse,
} from '@rackdesk/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client.ts';
import { AppError } from '../../../http/errors.ts';
import type { AuthContext } from '../../../http/policy.ts';
import { hasCompleteProfile } from '../../users/users.mapper.ts';
import { CallbackRejected } from '../gateways/gateway.ts';
import { balanceOf, type InvoiceSettlement, type PaymentOutcome } from '../invoice-settlement.ts';
import { CardsRepository, type GatewayPaymentRow } from './cards.repository.ts';
import type { CardsService } from './cards.service.ts';
import type { StripeGateway } from './stripe-gateway.ts';

/** A pending off-session charge older than this was cut short (a crash): it no longer blocks. */
const CLAIM_STALE_MS = 2 * 60_000;

const paymentFailed = (reason?: string) =>
  new AppError(402, CardText.paymentFailed, {
    error: 'payment_failed',
    ...(reason && { errors: { card: [reason] } }),
  });

/**
 * Card payments of invoices (portal spec §3 Payment intent, §7 `billing/payment-intent`,
 * `billing/card/pay/{id}`) and Stripe's webhook. The amount is always the invoice's balance as
 * the server computes it; money is recorded only by InvoiceSettlement, after Stripe said so on a
 * signed webhook or on a server-side fetch of the intent, never on what the browser reports.
 */
export class CardPaymentsService {
  constructor(
    private readonly database: Database,
    private readonly gateway: StripeGateway,
    private readonly settlement: InvoiceSettlement,
    private readonly cards: CardsService,
    private readonly log: FastifyBaseLogger,
  ) {}

  readonly #repository = () => new CardsRepository(this.database.db);

  /** Card payments need the profile details (portal spec §5, §6): else only crypto may pay. */
  #assertMayPayByCard(auth: AuthContext): void {
    if (!hasCompleteProfile(auth.account)) {
      throw AppError.forbidden(CardText.detailsRequired, ErrorCode.userDetailsRequired);
    }
  }

  /** The account's Unpaid invoice and its balance; 404 for any other, 422 when nothing is due. */
  async #payableInvoice(auth: AuthContext, invoiceId: number, field: string) {
    const invoice = await this.#repository().findInvoice(auth.account.id, invoiceId);
    if (!invoice || invoice.status !== 'Unpaid') throw AppError.notFound('Unknown invoice.');
    const balanceCents = balanceOf(invoice);
    if (balanceCents <= 0) throw AppError.invalid(field, CardText.nothingToPay);
    return { invoice, balanceCents };
  }

  /** A payment intent of the invoice's balance for the browser to confirm (with a saved card, or a new one). */
  async createIntent(
    auth: AuthContext,
    invoiceId: number,
    cardId: number | undefined,
  ): Promise<PaymentIntentResponse> {
    this.#assertMayPayByCard(auth);
    const { balanceCents } = await this.#payableInvoice(auth, invoiceId, 'invoice_id');
    const card =
      cardId === undefined ? undefined : await this.#repository().findByOwner(auth.account.id, cardId);
    if (cardId !== undefined && !card) throw AppError.notFound(CardText.notFound);
    const customerId = card
      ? await this.cards.customerOf(auth.account)
      : (auth.account.stripeCustomerId ?? undefined);
    const checkout = await this.gateway.createCheckout({
      invoiceId,
      userId: auth.account.id,
      amountCents: balanceCents,
      currency: 'USD',
      customerId,
      methodId: card?.gatewayMethodId,
    });
    await this.#repository().createPayment({
      userId: auth.account.id,
      invoiceId,
      gateway: 'stripe',
      externalId: checkout.externalId,
      amountCents: checkout.amountCents,
      currency: checkout.currency,
      details: { kind: 'browser' },
    });
    return { client_secret: String(checkout.details.client_secret), paymentIntentId: checkout.externalId };
  }

  /** `POST billing/card/pay/{id}`: fulfils a confirmed intent, or charges a saved card now. */
  async pay(auth: AuthContext, invoiceId: number, body: CardPayRequest): Promise<CardPayResponse> {
    this.#assertMayPayByCard(auth);
    if (body.paymentIntentId) return this.#fulfilConfirmedIntent(auth, invoiceId, body.paymentIntentId);
    return this.#chargeSavedCard(auth, invoiceId, body.cardSelected);
  }

  async #fulfilConfirmedIntent(
    auth: AuthContext,
    invoiceId: number,
    intentId: string,
  ): Promise<CardPayResponse> {
    const repository = this.#repository();
    const payment = await repository.findPayment(intentId);
    if (!payment || payment.userId !== auth.account.id || payment.invoiceId !== invoiceId) {
      throw AppError.notFound(CardText.intentUnknown);
    }
    const intent = await this.gateway.retrievePaymentIntent(intentId);
    if (!intent) throw AppError.notFound(CardText.intentUnknown);
    if (intent.status !== 'succeeded' || !intent.chargeId) throw paymentFailed(intent.failure);
    await this.#fulfil(payment, {
      transId: intent.chargeId,
      amountCents: intent.amountReceivedCents,
      currency: intent.currency,
    });
    return this.#answer(auth, invoiceId);
  }

  /**
   * Charges a saved card (the chosen one, else the default) off session. One charge per invoice at
   * a time: a claim taken under the invoice's lock turns concurrent attempts away (409), so
   * parallel clicks or retries can never take the money twice.
   */
  async #chargeSavedCard(
    auth: AuthContext,
    invoiceId: number,
    cardId: number | undefined,
  ): Promise<CardPayResponse> {
    const repository = this.#repository();
    await this.#payableInvoice(auth, invoiceId, 'invoice');
    const card =
      cardId === undefined
        ? await repository.findDefault(auth.account.id)
        : await repository.findByOwner(auth.account.id, cardId);
    if (!card) {
      if (cardId !== undefined) throw AppError.notFound(CardText.notFound);
      throw AppError.invalid('cardSelected', CardText.noCard);
    }
    const customerId = await this.cards.customerOf(auth.account);

    const claim = await this.database.db.transaction(async (tx) => {
      const invoice = await this.settlement.lockInvoice(tx, invoiceId);
      const amountCents = invoice ? balanceOf(invoice) : 0;
      if (!invoice || invoice.status !== 'Unpaid' || amountCents <= 0) return undefined;
      const row = await new CardsRepository(tx).claimOffSessionPayment(
        tx,
        { userId: auth.account.id, invoiceId, amountCents, claimId: `claim_${randomUUID()}` },
        CLAIM_STALE_MS,
      );
      return row ?? 'busy';
    });
    if (claim === 'busy') throw new AppError(409, CardText.paymentInProgress);
    if (!claim) throw AppError.invalid('invoice', CardText.nothingToPay);

    const intent = await this.gateway.chargeSavedCard({
      invoiceId,
      userId: auth.account.id,
      amountCents: claim.amountCents,
      currency: 'USD',
      customerId,
      methodId: card.gatewayMethodId,
      reference: claim.externalId,
    });
    await repository.updatePayment(claim.id, { externalId: intent.id });
    if (intent.status !== 'succeeded' || !intent.chargeId) {
      await repository.settlePayment(claim.id, 'failed');
      throw paymentFailed(intent.failure);
    }
    await this.#fulfil(claim, {
      transId: intent.chargeId,
      amountCents: intent.amountReceivedCents,
      currency: intent.currency,
    });
    return this.#answer(auth, invoiceId);
  }

  async #answer(auth: AuthContext, invoiceId: number): Promise<CardPayResponse> {
    const invoice = await this.#repository().findInvoice(auth.account.id, invoiceId);
    return { message: CardText.paid, status: invoice?.status ?? 'Unpaid' };
  }

  /**
   * Records what Stripe received for one of our payments: only the amount and currency the server
   * asked for, once per charge (a repeated webhook or fetch is a no-op).
   */
  async #fulfil(
    payment: GatewayPaymentRow,
    paid: { transId: string; amountCents: number; currency: string },
  ): Promise<PaymentOutcome> {
    if (
      paid.currency.toUpperCase() !== payment.currency.toUpperCase() ||
      paid.amountCents !== payment.amountCents
    ) {
      this.log.warn(
        { payment: payment.id, paid },
        'stripe payment refused: amount or currency differs from what the server asked',
      );
      return { kind: 'rejected', reason: 'amount or currency' };
    }
    const outcome = await this.settlement.recordPayment({
      gateway: 'stripe',
      transId: paid.transId,
      invoiceId: payment.invoiceId,
      amountCents: paid.amountCents,
      currency: paid.currency,
    });
    if (outcome.kind === 'rejected')
      this.log.warn({ payment: payment.id, outcome }, 'stripe payment refused');
    else await this.#repository().settlePayment(payment.id, 'succeeded');
    return outcome;
  }

  /** Our payment a Stripe intent stands for: by the intent's id, else by our reference in its metadata. */
  async #paymentOf(externalId: string, reference: string | undefined) {
    const repository = this.#repository();
    return (
      (await repository.findPayment(externalId)) ??
      (reference ? await repository.findPayment(reference) : undefined)
    );
  }

  /** `POST /api/billing/stripe/webhook`: a signed event; a bad or old signature is 400 and changes nothing. */
  async handleWebhook(
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<void> {
    let outcome;
    try {
      outcome = await this.gateway.verifyCallback({ rawBody, headers });
    } catch (error) {
      if (!(error instanceof CallbackRejected)) throw error;
      this.log.warn({ reason: error.message }, 'stripe webhook refused');
      throw new AppError(400, 'Invalid webhook signature.');
    }
    switch (outcome.kind) {
      case 'paid': {
        const payment = await this.#paymentOf(outcome.externalId, outcome.reference);
        if (!payment)
          return this.log.info({ intent: outcome.externalId }, 'stripe webhook for an unknown payment');
        await this.#fulfil(payment, outcome);
        return;
      }
      case 'failed': {
        const payment = await this.#paymentOf(outcome.externalId, outcome.reference);
        if (payment) await this.#repository().settlePayment(payment.id, 'failed');
        return;
      }
      case 'refunded': {
        for (const refund of await this.gateway.listRefunds(outcome.paymentTransId)) {
          const recorded = await this.settlement.recordRefund({
            gateway: 'stripe',
            transId: refund.id,
            paymentTransId: outcome.paymentTransId,
            amountCents: refund.amountCents,
            currency: refund.currency,
          });
          if (recorded.kind === 'rejected')
            this.log.warn({ refund: refund.id, recorded }, 'stripe refund refused');
        }
        return;
      }
      case 'ignored':
        return;
    }
  }
}
