import {
  amountToCents,
  centsToAmountString,
  type InvoiceCreditRequest,
  type InvoiceDetail,
  type InvoiceListQuery,
  type InvoiceListResponse,
  INVOICE_TEXT,
  isPagedQuery,
  type PaymentMethodsResponse,
} from '@rackdesk/contract';
import type { BillingConfig, PaymentsConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { HeldKey } from '../../http/idempotency-keys.ts';
import type { AuthContext } from '../../http/policy.ts';
import { todayUtc } from '../../lib/dates.ts';
import type { ServicesService } from '../services/services.service.ts';
import { UsersRepository } from '../users/users.repository.ts';
import { AddFunds } from './add-funds.ts';
import { InvoiceCredit } from './invoice-credit.ts';
import { invoicedToLines, renderInvoicePdf } from './invoice-pdf.ts';
import { invoiceSearchOf } from './invoice-search.ts';
import type { InvoiceSettlement } from './invoice-settlement.ts';
import { toInvoiceDetail, toInvoiceSummary } from './invoices.mapper.ts';
import { invoiceSort, type InvoiceRow, InvoicesRepository } from './invoices.repository.ts';
import { pageOf, pageRequestOf } from '../../db/paging/keyset.ts';
import { paymentMethodsOf } from './payment-methods.ts';

export interface CreditChange {
  message: string;
  invoice: InvoiceDetail;
  credit: string;
}

/**
 * The account's invoices (portal spec §2, §3, §7): lists and pages, one invoice with its lines and
 * transactions, credit moved onto and off an invoice, deposits, and the gateways on offer.
 * Money moves only through InvoiceSettlement, inside the commands' transactions.
 */
export class BillingService {
  private readonly invoices: InvoicesRepository;
  private readonly users: UsersRepository;
  private readonly credit: InvoiceCredit;
  private readonly funds: AddFunds;

  constructor(
    database: Database,
    private readonly services: ServicesService,
    settlement: InvoiceSettlement,
    private readonly config: { billing: BillingConfig; payments: PaymentsConfig },
  ) {
    this.invoices = new InvoicesRepository(database.db);
    this.users = new UsersRepository(database.db);
    this.credit = new InvoiceCredit(database, settlement, this.invoices);
    this.funds = new AddFunds(database, settlement, this.invoices);
  }

  async listInvoices(auth: AuthContext, query: InvoiceListQuery = {}): Promise<InvoiceListResponse> {
    // Filtering by service is subject to the service's ownership and the sub-account whitelist.
    if (query.relid !== undefined) await this.services.requireAccessible(auth, query.relid);
    const today = todayUtc();
    const filter = { serviceId: query.relid, today, ...invoiceSearchOf(query) };
    const accountId = auth.account.id;
    if (!isPagedQuery(query)) {
      // Without paging parameters, every invoice, as the spec shows the list.
      const invoice = (await this.invoices.list(accountId, filter)).map((row) =>
        toInvoiceSummary(row, today),
      );
      return {
        totalresults: invoice.length,
        startnumber: 0,
        numreturned: invoice.length,
        invoices: { invoice },
      };
    }
    const page = pageRequestOf(query, invoiceSort, [
      'invoices',
      filter.serviceId ?? null,
      filter.statuses ?? null,
      filter.idPrefix ?? null,
    ]);
    const [rows, total] = await Promise.all([
      this.invoices.list(accountId, filter, page),
      this.invoices.countMatching(accountId, filter),
    ]);
    const { rows: shown, fields } = pageOf(rows, page, total);
    return { ...fields, invoices: { invoice: shown.map((row) => toInvoiceSummary(row, today)) } };
  }

  async invoice(auth: AuthContext, id: number): Promise<InvoiceDetail> {
    return this.detailOf(await this.ownInvoice(auth, id));
  }

  /** The invoice, or 404 when it is not the account's: its existence is not revealed. */
  async ownInvoice(auth: AuthContext, id: number): Promise<InvoiceRow> {
    const row = await this.invoices.findById(id);
    if (!row || row.userId !== auth.account.id) throw AppError.notFound(INVOICE_TEXT.unknownInvoice);
    return row;
  }

  async applyCredit(
    auth: AuthContext,
    id: number,
    request: InvoiceCreditRequest,
    held?: HeldKey,
  ): Promise<CreditChange> {
    await this.credit.apply(auth.account.id, id, creditAmountCents(id, request), held);
    return this.creditApplied(auth, id);
  }

  /** The answer of Apply Credit, also rebuilt for a retry whose first call's answer was lost. */
  creditApplied(auth: AuthContext, id: number): Promise<CreditChange> {
    return this.creditChange(auth, id, INVOICE_TEXT.creditApplied);
  }

  async removeCredit(
    auth: AuthContext,
    id: number,
    request: InvoiceCreditRequest,
    held?: HeldKey,
  ): Promise<CreditChange> {
    await this.credit.remove(auth.account.id, id, creditAmountCents(id, request), held);
    return this.creditRemoved(auth, id);
  }

  /** The answer of Remove Credit, also rebuilt for a retry whose first call's answer was lost. */
  creditRemoved(auth: AuthContext, id: number): Promise<CreditChange> {
    return this.creditChange(auth, id, INVOICE_TEXT.creditRemoved);
  }

  async addFunds(
    auth: AuthContext,
    amount: number,
    held?: HeldKey,
  ): Promise<{ message: string; invoiceid: number }> {
    const invoice = await this.funds.deposit(auth.account, amountToCents(amount), held);
    return fundsAnswer(invoice.id);
  }

  /** The invoice as a PDF file, addressed to the account (a sub-account's is its owner's). */
  async invoicePdf(auth: AuthContext, id: number): Promise<{ filename: string; pdf: Buffer }> {
    const invoice = await this.invoice(auth, id);
    return {
      filename: `invoice-${id}.pdf`,
      pdf: await renderInvoicePdf(invoice, invoicedToLines(auth.account)),
    };
  }

  paymentMethods(): PaymentMethodsResponse {
    return paymentMethodsOf(this.config.payments);
  }

  private async detailOf(row: InvoiceRow): Promise<InvoiceDetail> {
    const [items, transactions] = await Promise.all([
      this.invoices.itemsOf(row.id),
      this.invoices.transactionsOf(row.id),
    ]);
    return toInvoiceDetail({ row, items, transactions }, this.config.billing.payTo);
  }

  /** The invoice and the account's credit as they are after a change. */
  private async creditChange(auth: AuthContext, id: number, message: string): Promise<CreditChange> {
    const [invoice, account] = await Promise.all([
      this.invoice(auth, id),
      this.users.findById(auth.account.id),
    ]);
    return { message, invoice, credit: centsToAmountString(account?.creditCents ?? 0) };
  }
}

/** The amount of a credit request in cents; its `invoiceid`, when sent, must be the path's. */
/** The answer of Add Funds, also rebuilt for a retry whose first call's answer was lost. */
export function fundsAnswer(invoiceId: number): { message: string; invoiceid: number } {
  return { message: INVOICE_TEXT.fundsInvoiceCreated(invoiceId), invoiceid: invoiceId };
}

function creditAmountCents(invoiceId: number, request: InvoiceCreditRequest): number {
  if (request.invoiceid !== undefined && request.invoiceid !== invoiceId) {
    throw AppError.invalid('invoiceid', INVOICE_TEXT.invoiceIdMismatch);
  }
  return amountToCents(request.amount);
}
