import { ErrorCode, OrderText, type OrderResponse } from '@rackdesk/contract';
import type { FraudConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { HeldKey } from '../../http/idempotency-keys.ts';
import type { AuthContext } from '../../http/policy.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { todayUtc } from '../../lib/dates.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { hasCompleteProfile } from '../users/users.mapper.ts';
import { assessFraud } from './fraud-check.ts';
import { HeldOrders } from './held-orders.command.ts';
import {
  OrderRequestCheck,
  type OrderRequestCheckDeps,
  type OrderRequestInput,
} from './order-request-check.ts';
import { type OrderRow, OrderHistoryRepository } from './orders.repository.ts';
import { PlaceOrderCommand } from './place-order.command.ts';

const HOUR_MS = 60 * 60 * 1000;

export interface OrderServiceDeps extends OrderRequestCheckDeps {
  database: Database;
  jobs: JobQueue;
  secrets: SecretBox;
  fraud: FraudConfig;
}

/**
 * Ordering (portal spec §2 Order wizard, §3 Order request, §4 Order flow, §5, §8): an order is
 * checked and priced by the server, scored by the fraud check, and placed in one transaction.
 * A held order answers 400 with its id and waits for an operator (acceptHeldOrder,
 * cancelHeldOrder).
 */
export class OrderService {
  private readonly requestCheck: OrderRequestCheck;
  private readonly history: OrderHistoryRepository;
  private readonly placeOrder: PlaceOrderCommand;
  private readonly held: HeldOrders;

  constructor(private readonly deps: OrderServiceDeps) {
    this.requestCheck = new OrderRequestCheck(deps);
    this.history = new OrderHistoryRepository(deps.database.db);
    this.placeOrder = new PlaceOrderCommand(deps.database, deps.jobs, deps.secrets);
    this.held = new HeldOrders(deps.database, deps.jobs);
  }

  /** `POST billing/order`. */
  /** `held`: the call's Idempotency-Key, marked with the order in the order's transaction. */
  async place(
    auth: AuthContext,
    request: OrderRequestInput,
    ipAddress: string,
    held?: HeldKey,
  ): Promise<OrderResponse> {
    // Orders are not processed until the e-mail address is verified (portal spec §4, §8).
    if (!auth.account.emailVerifiedAt)
      throw AppError.forbidden(OrderText.emailUnverified, ErrorCode.emailUnverified);
    const plan = await this.requestCheck.check(auth, request);
    const since = new Date(Date.now() - HOUR_MS);
    const [accountOrders, addressOrders, hasPaidBefore] = await Promise.all([
      this.history.countByAccountSince(auth.account.id, since),
      this.history.countByAddressSince(ipAddress, since),
      this.history.hasPaidInvoice(auth.account.id),
    ]);
    const verdict = assessFraud(
      {
        emails: [...new Set([auth.account.email, auth.login.email])],
        accountOrdersLastHour: accountOrders,
        addressOrdersLastHour: addressOrders,
        hasPaidBefore,
        orderTotalCents: plan.totalCents,
        detailsComplete: hasCompleteProfile(auth.account),
      },
      this.deps.fraud,
    );
    const placed = await this.placeOrder.execute({
      accountId: auth.account.id,
      placedBy: auth.login.id,
      plan,
      verdict,
      ipAddress,
      today: todayUtc(),
      held,
    });
    return placedAnswer(placed);
  }

  /**
   * The answer of a placed order, rebuilt from the database for a retry whose first call placed
   * it on a server that died before answering.
   */
  async placedAnswer(auth: AuthContext, orderId: number): Promise<OrderResponse> {
    const order = await this.history.placed(auth.account.id, orderId);
    if (!order) throw new Error(`order ${orderId} marked on an Idempotency-Key is not the caller's`);
    return placedAnswer({
      orderId,
      orderNumber: order.orderNumber,
      invoiceId: order.invoiceId!,
      serviceIds: order.serviceIds,
      held: order.status === 'Fraud',
    });
  }

  /** Lets a held order go on: Pending, its invoice payable (operator console). */
  acceptHeldOrder(orderId: number): Promise<OrderRow> {
    return this.held.acceptHeldOrder(orderId);
  }

  /** Refuses a held order: cancelled, its stock and promotion use given back (operator console). */
  cancelHeldOrder(orderId: number): Promise<OrderRow> {
    return this.held.cancelHeldOrder(orderId);
  }
}

/** What `POST billing/order` answers for a placed order: 400 when the fraud check held it. */
function placedAnswer(placed: {
  orderId: number;
  orderNumber: string;
  invoiceId: number;
  serviceIds: number[];
  held: boolean;
}): OrderResponse {
  if (placed.held) {
    throw new AppError(400, OrderText.fraudHeld, {
      error: ErrorCode.fraudCheckFailed,
      orderid: placed.orderId,
    });
  }
  return {
    result: 'success',
    orderid: placed.orderId,
    ordernum: placed.orderNumber,
    invoiceid: placed.invoiceId,
    serviceids: placed.serviceIds.join(','),
  };
}
