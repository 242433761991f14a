import { OperatorText } from '@rackdesk/contract';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { todayUtc } from '../../lib/dates.ts';
import { queueBillingMail } from '../billing/billing-mail-sender.ts';
import { type OrderRow, OrderWrites } from './orders.repository.ts';

/**
 * The manual review of an order the fraud check held (status Fraud), for the operator's console.
 * Each decision is one transaction on the locked order, so two operators deciding at once do it
 * once: the second finds the order no longer held.
 */
export class HeldOrders {
  constructor(
    private readonly database: Database,
    private readonly jobs: JobQueue,
  ) {}

  /**
   * Lets the order go on as if it had passed: Pending, its invoice Unpaid and due today (it could
   * not be paid while held), its provisioning waiting for the payment, and the confirmation mailed.
   */
  acceptHeldOrder(orderId: number): Promise<OrderRow> {
    return this.database.db.transaction(async (tx) => {
      const writes = new OrderWrites(tx);
      const order = await this.lockHeld(writes, orderId);
      await writes.setOrder(order.id, { status: 'Pending' });
      await writes.setProvisioningState(order.id, 'held', 'waiting');
      if (order.invoiceId !== null) {
        const today = todayUtc();
        await writes.lockInvoice(order.invoiceId);
        await writes.setInvoice(order.invoiceId, { status: 'Unpaid', date: today, dueDate: today });
        await queueBillingMail(this.jobs, tx, {
          kind: 'order-confirmation',
          invoiceId: order.invoiceId,
          orderId: order.id,
        });
      }
      return { ...order, status: 'Pending' };
    });
  }

  /**
   * Refuses the order: it and its services become Cancelled, nothing is provisioned (the sealed
   * root password goes with the provisioning rows), and the stock and the promotion's use it took
   * come back. The invoice stays Cancelled, as it was while held.
   */
  cancelHeldOrder(orderId: number): Promise<OrderRow> {
    return this.database.db.transaction(async (tx) => {
      const writes = new OrderWrites(tx);
      const order = await this.lockHeld(writes, orderId);
      const services = order.invoiceId === null ? [] : await writes.servicesOfInvoice(order.invoiceId);
      const units = new Map<number, number>();
      for (const service of services) units.set(service.productId, (units.get(service.productId) ?? 0) + 1);
      await writes.lockProducts([...units.keys()]);
      for (const [productId, quantity] of [...units].sort(([a], [b]) => a - b)) {
        await writes.returnStock(productId, quantity);
      }
      if (order.promoCodeId !== null) await writes.returnPromoUse(order.promoCodeId);
      if (order.invoiceId !== null) {
        await writes.lockInvoice(order.invoiceId);
        await writes.setInvoice(order.invoiceId, { status: 'Cancelled' });
      }
      await writes.setServicesStatus(
        services.map((service) => service.id),
        'Cancelled',
      );
      await writes.deleteProvisioning(order.id);
      await writes.setOrder(order.id, { status: 'Cancelled' });
      return { ...order, status: 'Cancelled' };
    });
  }

  private async lockHeld(writes: OrderWrites, orderId: number): Promise<OrderRow> {
    const order = await writes.lockOrder(orderId);
    if (!order) throw AppError.notFound(OperatorText.orderNotFound);
    if (order.status !== 'Fraud') throw new AppError(409, OperatorText.orderNotHeld);
    return order;
  }
}
