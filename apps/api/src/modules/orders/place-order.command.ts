import { billingCycleLabel, ErrorCode, OrderText } from '@rackdesk/contract';
import type { Database } from '../../db/client.ts';
import type { FraudHit } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { type HeldKey, markEffect } from '../../http/idempotency-keys.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { queueBillingMail } from '../billing/billing-mail-sender.ts';
import { InvoicesRepository } from '../billing/invoices.repository.ts';
import type { FraudVerdict } from './fraud-check.ts';
import {
  firstPeriod,
  hostingDescription,
  type OrderPlan,
  serviceCharges,
  serviceOptionsOf,
} from './order-plan.ts';
import { type NewProvisioning, type NewService, OrderWrites } from './orders.repository.ts';

export interface PlacedOrder {
  orderId: number;
  orderNumber: string;
  invoiceId: number;
  serviceIds: number[];
  held: boolean;
}

export interface PlaceOrderInput {
  accountId: number;
  placedBy: number;
  plan: OrderPlan;
  verdict: FraudVerdict;
  ipAddress: string;
  today: string;
  /** The call's Idempotency-Key, marked with the order in the order's transaction. */
  held?: HeldKey;
}

/**
 * Places an order in one transaction: takes the stock of its products (locked in id order, so
 * concurrent orders queue and never take more than there is) and a use of its promotion code,
 * then writes the order, its Pending services with what provisioning needs (the root password
 * sealed), their invoice due today, and the confirmation mail's job. Anything refused rolls all
 * of it back.
 *
 * An order the fraud check holds is written the same way, stock taken, but as status Fraud: its
 * invoice is Cancelled (so no payment path takes money for it), its provisioning is 'held', and
 * no mail goes out. An operator then accepts it (the invoice becomes Unpaid, due that day) or
 * cancels it (the stock and the promotion's use come back): see HeldOrders.
 */
export class PlaceOrderCommand {
  constructor(
    private readonly database: Database,
    private readonly jobs: JobQueue,
    private readonly secrets: SecretBox,
  ) {}

  execute(input: PlaceOrderInput): Promise<PlacedOrder> {
    const { plan, verdict, today } = input;
    return this.database.db.transaction(async (tx) => {
      const writes = new OrderWrites(tx);
      await this.takeStock(writes, plan);
      if (plan.promo && !(await writes.takePromoUse(plan.promo.id))) {
        throw AppError.invalid('promocode', OrderText.promoInvalid);
      }

      const order = await writes.insertOrder({
        userId: input.accountId,
        placedBy: input.placedBy,
        status: verdict.held ? 'Fraud' : 'Pending',
        amountCents: plan.totalCents,
        paymentMethod: plan.paymentMethod,
        promoCodeId: plan.promo?.id ?? null,
        notes: plan.notes,
        ipAddress: input.ipAddress,
        fraudScore: verdict.score,
        fraudHits: verdict.hits satisfies FraudHit[],
      });

      const units = plan.lines.flatMap((line) => Array.from({ length: line.quote.quantity }, () => line));
      const serviceIds = await writes.insertServices(
        units.map((line): NewService => {
          const charges = serviceCharges(line.quote);
          return {
            userId: input.accountId,
            productId: line.product.id,
            domain: line.domain,
            status: 'Pending',
            billingCycle: billingCycleLabel[line.cycle],
            firstPaymentCents: charges.firstPaymentCents,
            recurringAmountCents: charges.recurringAmountCents,
            promoRenewalsLeft: charges.promoRenewalsLeft,
            undiscountedRecurringCents: charges.undiscountedRecurringCents,
            regDate: today,
            nextDueDate: today,
            configOptions: serviceOptionsOf(line.choices),
            customFields: line.customFields,
          };
        }),
      );
      await writes.insertProvisioning(
        units.map((line, index): NewProvisioning => ({
          serviceId: serviceIds[index]!,
          orderId: order.id,
          params: line.params,
          rootPasswordEncrypted:
            plan.rootPassword === undefined || line.kind === 'storage'
              ? null
              : this.secrets.seal(plan.rootPassword),
          state: verdict.held ? 'held' : 'waiting',
        })),
      );

      const items = units.flatMap((line, index) => {
        const serviceId = serviceIds[index]!;
        const period = firstPeriod(line.cycle, today);
        const charges = serviceCharges(line.quote);
        return [
          {
            type: 'Hosting',
            serviceId,
            description: hostingDescription(line, period),
            amountCents: line.quote.recurringCents,
            periodStart: period.start,
            periodEnd: period.end,
          },
          ...(line.quote.setupCents > 0
            ? [
                {
                  type: 'Hosting',
                  serviceId,
                  description: `Setup Fee: ${line.product.name}`,
                  amountCents: line.quote.setupCents,
                },
              ]
            : []),
          ...(plan.promo && charges.discountCents > 0
            ? [
                {
                  type: 'Hosting',
                  serviceId,
                  description: `Promotional Code: ${plan.promo.code} - ${plan.promo.description}`,
                  amountCents: -charges.discountCents,
                },
              ]
            : []),
        ];
      });
      const invoice = await new InvoicesRepository(tx).create(tx, {
        userId: input.accountId,
        date: today,
        dueDate: today,
        status: verdict.held ? 'Cancelled' : 'Unpaid',
        paymentMethod: plan.paymentMethod,
        items,
      });
      // The server's own prices, added up twice: the invoice must say what the order was priced at.
      if (invoice.totalCents !== plan.totalCents) {
        throw new Error(`Order total ${plan.totalCents} differs from its invoice's ${invoice.totalCents}`);
      }
      await writes.setOrder(order.id, { invoiceId: invoice.id });
      await markEffect(tx, input.held, order.id);
      if (!verdict.held) {
        await queueBillingMail(this.jobs, tx, {
          kind: 'order-confirmation',
          invoiceId: invoice.id,
          orderId: order.id,
        });
      }
      return {
        orderId: order.id,
        orderNumber: order.orderNumber,
        invoiceId: invoice.id,
        serviceIds,
        held: verdict.held,
      };
    });
  }

  /** Takes every stock-controlled product's units, products locked in id order. */
  private async takeStock(writes: OrderWrites, plan: OrderPlan): Promise<void> {
    const wanted = new Map<number, number>();
    for (const line of plan.lines) {
      wanted.set(line.product.id, (wanted.get(line.product.id) ?? 0) + line.quote.quantity);
    }
    const locked = await writes.lockProducts([...wanted.keys()]);
    for (const product of locked) {
      const quantity = wanted.get(product.id)!;
      if (!product.stockControl) continue;
      if (!(await writes.takeStock(product.id, quantity))) {
        throw new AppError(409, OrderText.notEnoughStock(product.stockLevel), {
          error: ErrorCode.outOfStock,
        });
      }
    }
  }
}
