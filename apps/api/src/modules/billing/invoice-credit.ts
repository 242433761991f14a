import { canApplyCredit, canRemoveCredit, INVOICE_TEXT, maxApplyCreditCents } from '@rackdesk/contract';
import type { Database, Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { type HeldKey, markEffect } from '../../http/idempotency-keys.ts';
import { centsToAmount, todayUtc } from '../../lib/dates.ts';
import { balanceOf, type InvoiceSettlement } from './invoice-settlement.ts';
import { displayStatus } from './invoices.mapper.ts';
import type { InvoiceItemRow, InvoiceRow, InvoicesRepository } from './invoices.repository.ts';

/** An invoice of the account, locked with its lines, and the account's credit, locked after it. */
interface Locked {
  invoice: InvoiceRow;
  items: InvoiceItemRow[];
  creditCents: number;
}

/**
 * Apply Credit and Remove Credit (portal spec §4, §5): moves credit between an account and one of
 * its invoices in one transaction, under the invoice's lock and then the account's, so that the
 * maximums checked are the ones in force when the money moves, whatever runs beside it.
 */
export class InvoiceCredit {
  constructor(
    private readonly database: Database,
    private readonly settlement: InvoiceSettlement,
    private readonly invoices: InvoicesRepository,
  ) {}

  /**
   * Pays part or all of the invoice from the account's credit; all of it makes the invoice Paid.
   * `held`: the call's Idempotency-Key, marked in the same transaction (as by remove).
   */
  apply(accountId: number, invoiceId: number, amountCents: number, held?: HeldKey): Promise<void> {
    return this.locked(accountId, invoiceId, held, async (tx, { invoice, items, creditCents }) => {
      const status = displayStatus(invoice, todayUtc());
      if (!canApplyCredit({ status, items }, creditCents)) {
        throw AppError.invalid('amount', INVOICE_TEXT.creditNotApplicable);
      }
      assertWithin(amountCents, maxApplyCreditCents(balanceOf(invoice), creditCents));
      const updated = await this.invoices.setCredit(tx, invoice, invoice.creditCents + amountCents);
      await this.settlement.adjustCredit(tx, {
        userId: accountId,
        deltaCents: -amountCents,
        kind: 'applied',
        invoiceId,
        description: `Credit Applied to Invoice #${invoiceId}`,
      });
      await this.settlement.settleIfPaid(tx, updated);
    });
  }

  /** Gives credit applied to the invoice back to the account. */
  remove(accountId: number, invoiceId: number, amountCents: number, held?: HeldKey): Promise<void> {
    return this.locked(accountId, invoiceId, held, async (tx, { invoice, items }) => {
      const today = todayUtc();
      const shown = {
        status: displayStatus(invoice, today),
        items,
        creditCents: invoice.creditCents,
        duedate: invoice.dueDate,
      };
      if (!canRemoveCredit(shown, today)) throw AppError.invalid('amount', INVOICE_TEXT.creditNotRemovable);
      assertWithin(amountCents, invoice.creditCents);
      await this.invoices.setCredit(tx, invoice, invoice.creditCents - amountCents);
      await this.settlement.adjustCredit(tx, {
        userId: accountId,
        deltaCents: amountCents,
        kind: 'removed',
        invoiceId,
        description: `Credit Removed from Invoice #${invoiceId}`,
      });
    });
  }

  private locked(
    accountId: number,
    invoiceId: number,
    held: HeldKey | undefined,
    change: (tx: Tx, locked: Locked) => Promise<void>,
  ): Promise<void> {
    return this.database.db.transaction(async (tx) => {
      const invoice = await this.settlement.lockInvoice(tx, invoiceId);
      // Another account's invoice is not found, so its existence is not revealed.
      if (!invoice || invoice.userId !== accountId) throw AppError.notFound(INVOICE_TEXT.unknownInvoice);
      const items = await this.invoices.itemsOf(invoiceId, tx);
      const creditCents = await this.settlement.lockCredit(tx, accountId);
      await change(tx, { invoice, items, creditCents });
      await markEffect(tx, held, invoiceId);
    });
  }
}

function assertWithin(amountCents: number, maxCents: number) {
  if (amountCents > maxCents) {
    throw AppError.invalid('amount', INVOICE_TEXT.amountExceeds(centsToAmount(maxCents)));
  }
}
