import {
  DEFAULT_PAYMENT_GATEWAY,
  depositRoomCents,
  INVOICE_TEXT,
  isPaymentGateway,
} from '@rackdesk/contract';
import type { Database } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { type HeldKey, markEffect } from '../../http/idempotency-keys.ts';
import { centsToAmount, todayUtc } from '../../lib/dates.ts';
import type { InvoiceSettlement } from './invoice-settlement.ts';
import type { InvoiceRow, InvoicesRepository } from './invoices.repository.ts';

/**
 * Add Funds (portal spec §5, §9): raises an Unpaid invoice of one AddFunds line, due today, whose
 * payment becomes credit (InvoiceSettlement.settleIfPaid). The account's credit and its unpaid
 * deposits stay within the maximum balance; the account's row is locked while that is checked, so
 * two deposits made at once cannot both take the last room.
 */
export class AddFunds {
  constructor(
    private readonly database: Database,
    private readonly settlement: InvoiceSettlement,
    private readonly invoices: InvoicesRepository,
  ) {}

  /** `held`: the call's Idempotency-Key, marked with the deposit's invoice in its transaction. */
  deposit(account: UserRow, amountCents: number, held?: HeldKey): Promise<InvoiceRow> {
    return this.database.db.transaction(async (tx) => {
      const creditCents = await this.settlement.lockCredit(tx, account.id);
      const roomCents = depositRoomCents(
        creditCents,
        await this.invoices.unpaidDepositsCents(tx, account.id),
      );
      if (amountCents > roomCents) {
        throw AppError.invalid('amount', INVOICE_TEXT.maximumBalance(centsToAmount(roomCents)));
      }
      const invoice = await this.invoices.createDeposit(tx, {
        userId: account.id,
        amountCents,
        paymentMethod: isPaymentGateway(account.defaultGateway)
          ? account.defaultGateway
          : DEFAULT_PAYMENT_GATEWAY,
        date: todayUtc(),
        description: INVOICE_TEXT.fundsItemDescription,
      });
      await markEffect(tx, held, invoice.id);
      return invoice;
    });
  }
}
