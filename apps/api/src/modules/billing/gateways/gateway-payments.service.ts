import { randomBytes } from 'node:crypto';
import {
  ErrorCode,
  GATEWAY_TEXT,
  type PaymentGateway as GatewayModule,
  PAYMENT_GATEWAYS,
  type ProfileField,
  profileFields,
  withoutPlaceholder,
} from '@rackdesk/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client.ts';
import type { UserRow } from '../../../db/schema/index.ts';
import { AppError } from '../../../http/errors.ts';
import type { AuthContext } from '../../../http/policy.ts';
import { hasCompleteProfile } from '../../users/users.mapper.ts';
import { balanceOf, type InvoiceSettlement } from '../invoice-settlement.ts';
import type { CheckoutStart, PaymentGateway, Payer } from './gateway.ts';
import { GatewayPaymentsRepository } from './gateway-payments.repository.ts';
import type { Gateways } from './gateway-registry.ts';

/** Where each gateway's callbacks arrive, under the API. */
export const CALLBACK_PATHS = {
  paypal: '/api/billing/paypal/ipn',
  cryptomusgateway: '/api/billing/cryptomus/webhook',
  bitpaycheckout: '/api/billing/bitpay/ipn',
} as const satisfies Partial<Record<GatewayModule, string>>;
export type CallbackGateway = keyof typeof CALLBACK_PATHS;

/**
 * A pending checkout is handed out again for the same invoice and amount for this long: well
 * within the shortest life of a gateway's checkout (BitPay's 15 minutes), so it is still payable.
 */
const REUSE_WITHIN_MS = 10 * 60_000;

export type CallbackOutcome = 'recorded' | 'duplicate' | 'rejected' | 'not-paid';

export interface GatewayPaymentsDeps {
  database: Database;
  settlement: InvoiceSettlement;
  gateways: Gateways;
  /** The web app's address (return pages) and the API's public address (callbacks). */
  publicUrl: string;
  callbackUrl: string;
  log: FastifyBaseLogger;
}

/**
 * Paying an invoice through a gateway: the checkout, computed from the invoice alone, and the
 * callback, believed only once the gateway vouches for it and it matches what was asked for.
 * Money is recorded by InvoiceSettlement, once per gateway transaction.
 */
export class GatewayPaymentsService {
  private readonly payments: GatewayPaymentsRepository;

  constructor(private readonly deps: GatewayPaymentsDeps) {
    this.payments = new GatewayPaymentsRepository(deps.database.db);
  }

  async checkout(auth: AuthContext, module: CallbackGateway, invoiceId: number): Promise<CheckoutStart> {
    const gateway = this.#gateway(module);
    if (!gateway.isCrypto && !hasCompleteProfile(auth.account)) {
      throw AppError.forbidden(GATEWAY_TEXT.userDetailsRequired, ErrorCode.userDetailsRequired);
    }
    const invoice = await this.payments.findInvoice(invoiceId);
    if (!invoice || invoice.userId !== auth.account.id) throw AppError.notFound(GATEWAY_TEXT.unknownInvoice);
    if (invoice.status !== 'Unpaid')
      throw AppError.invalid('invoiceid', GATEWAY_TEXT.notPayable(invoice.status));
    const amountCents = balanceOf(invoice);
    if (amountCents <= 0) throw AppError.invalid('invoiceid', GATEWAY_TEXT.nothingToPay);

    const open = await this.payments.findOpen(
      invoice.id,
      module,
      amountCents,
      new Date(Date.now() - REUSE_WITHIN_MS),
    );
    const reused = open?.details.start as CheckoutStart | undefined;
    if (reused) return reused;

    const invoicePage = `${this.deps.publicUrl}/invoices/${invoice.id}`;
    const start = await gateway.createCheckout({
      invoiceId: invoice.id,
      reference: `rd-${invoice.id}-${randomBytes(6).toString('hex')}`,
      amountCents,
      taxCents: invoice.taxCents,
      currency: 'USD',
      description: `Invoice #${invoice.id}`,
      payer: payerOf(auth.account),
      successUrl: `${invoicePage}?success=true`,
      cancelUrl: `${invoicePage}?success=false`,
      notifyUrl: `${this.deps.callbackUrl}${CALLBACK_PATHS[module]}`,
    });
    await this.payments.insert({
      userId: invoice.userId,
      invoiceId: invoice.id,
      gateway: module,
      externalId: start.externalId,
      amountCents,
      currency: 'USD',
      details: { start },
    });
    return start;
  }

  /**
   * Takes in one callback. Throws only when the gateway could not be asked to vouch for it (the
   * caller answers so that the gateway sends it again); anything else is an outcome, logged.
   */
  async receiveCallback(module: CallbackGateway, rawBody: string): Promise<CallbackOutcome> {
    const gateway = this.deps.gateways[module];
    if (!gateway) return this.#refuse(module, 'gateway not configured');
    const verdict = await gateway.verifyCallback(rawBody);
    if (verdict.kind === 'rejected') return this.#refuse(module, verdict.reason);
    if (verdict.kind === 'not-paid') {
      const row = verdict.externalId && (await this.payments.findByExternalId(module, verdict.externalId));
      if (row && verdict.closed && row.status === 'pending')
        await this.payments.setStatus(row.id, 'cancelled');
      return 'not-paid';
    }

    const { payment } = verdict;
    const asked = await this.payments.findByExternalId(module, payment.externalId);
    if (!asked) return this.#refuse(module, 'no checkout of ours');
    if (payment.amountCents !== asked.amountCents || payment.currency !== asked.currency) {
      return this.#refuse(
        module,
        `paid ${payment.amountCents} ${payment.currency}, asked ${asked.amountCents} ${asked.currency}`,
      );
    }
    const outcome = await this.deps.settlement.recordPayment({
      gateway: module,
      transId: payment.transId,
      invoiceId: asked.invoiceId,
      amountCents: payment.amountCents,
      currency: payment.currency,
      ...(payment.feesCents === undefined ? {} : { feesCents: payment.feesCents }),
    });
    if (outcome.kind === 'rejected') return this.#refuse(module, outcome.reason);
    if (asked.status !== 'succeeded') await this.payments.setStatus(asked.id, 'succeeded');
    return outcome.kind;
  }

  #gateway(module: CallbackGateway): PaymentGateway {
    const gateway = this.deps.gateways[module];
    if (!gateway) {
      throw new AppError(503, GATEWAY_TEXT.unavailable(PAYMENT_GATEWAYS[module]), {
        error: ErrorCode.gatewayUnavailable,
      });
    }
    return gateway;
  }

  #refuse(module: CallbackGateway, reason: string): 'rejected' {
    this.deps.log.warn({ gateway: module, reason }, 'payment callback ignored');
    return 'rejected';
  }
}

/** The account's contact details for the gateway, a billing system's placeholders left out. */
function payerOf(account: UserRow): Payer {
  const fields = Object.fromEntries(
    profileFields.map((field) => [field, withoutPlaceholder(field, account[field])]),
  );
  return { ...(fields as Record<ProfileField, string>), email: account.email };
}
