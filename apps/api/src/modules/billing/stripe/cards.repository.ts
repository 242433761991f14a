import { and, asc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client.ts';
import { gatewayPayments, invoices, paymentCards, users } from '../../../db/schema/index.ts';

export type PaymentCardRow = typeof paymentCards.$inferSelect;
export type GatewayPaymentRow = typeof gatewayPayments.$inferSelect;
type NewCard = Omit<typeof paymentCards.$inferInsert, 'id' | 'isDefault' | 'createdAt'>;

/** The only place that reads and writes saved cards, card payments and the Stripe customer id. */
export class CardsRepository {
  constructor(private readonly db: DbOrTx) {}

  async findCustomerId(userId: number): Promise<string | null> {
    const [row] = await this.db
      .select({ id: users.stripeCustomerId })
      .from(users)
      .where(eq(users.id, userId));
    return row?.id ?? null;
  }

  /** Stores the customer id unless one is there already; the stored one either way. */
  async keepCustomerId(userId: number, customerId: string): Promise<string> {
    await this.db
      .update(users)
      .set({ stripeCustomerId: customerId })
      .where(and(eq(users.id, userId), isNull(users.stripeCustomerId)));
    return (await this.findCustomerId(userId)) ?? customerId;
  }

  /** The account whose Stripe customer this is. */
  async findUserIdByCustomer(customerId: string): Promise<number | undefined> {
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.stripeCustomerId, customerId));
    return row?.id;
  }

  /** Serialises changes to one account's cards (default card) for the rest of the transaction. */
  async lockAccount(tx: Tx, userId: number): Promise<void> {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  }

  listByOwner(userId: number): Promise<PaymentCardRow[]> {
    return this.db
      .select()
      .from(paymentCards)
      .where(eq(paymentCards.userId, userId))
      .orderBy(asc(paymentCards.id));
  }

  async findByOwner(userId: number, id: number): Promise<PaymentCardRow | undefined> {
    const [row] = await this.db
      .select()
      .from(paymentCards)
      .where(and(eq(paymentCards.userId, userId), eq(paymentCards.id, id)));
    return row;
  }

  async findDefault(userId: number): Promise<PaymentCardRow | undefined> {
    const [row] = await this.db
      .select()
      .from(paymentCards)
      .where(and(eq(paymentCards.userId, userId), eq(paymentCards.isDefault, true)));
    return row;
  }

  async findByMethod(methodId: string): Promise<PaymentCardRow | undefined> {
    const [row] = await this.db.select().from(paymentCards).where(eq(paymentCards.gatewayMethodId, methodId));
    return row;
  }

  /** Inserts a card, the default when it is the account's first; undefined when it is saved already. */
  async create(tx: Tx, card: NewCard): Promise<PaymentCardRow | undefined> {
    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(paymentCards)
      .where(eq(paymentCards.userId, card.userId));
    const [row] = await tx
      .insert(paymentCards)
      .values({ ...card, isDefault: count === 0 })
      .onConflictDoNothing({ target: paymentCards.gatewayMethodId })
      .returning();
    return row;
  }

  async delete(tx: Tx, id: number): Promise<void> {
    await tx.delete(paymentCards).where(eq(paymentCards.id, id));
  }

  /** Makes one card the account's default (and no other). */
  async makeDefault(tx: Tx, userId: number, id: number): Promise<void> {
    await tx
      .update(paymentCards)
      .set({ isDefault: false })
      .where(and(eq(paymentCards.userId, userId), ne(paymentCards.id, id), eq(paymentCards.isDefault, true)));
    await tx.update(paymentCards).set({ isDefault: true }).where(eq(paymentCards.id, id));
  }

  /** The account's invoice, or undefined (another account's invoice is unknown too). */
  async findInvoice(userId: number, invoiceId: number) {
    const [row] = await this.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.userId, userId), eq(invoices.id, invoiceId)));
    return row;
  }

  async createPayment(values: typeof gatewayPayments.$inferInsert): Promise<GatewayPaymentRow> {
    const [row] = await this.db.insert(gatewayPayments).values(values).returning();
    return row!;
  }

  async findPayment(externalId: string): Promise<GatewayPaymentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(gatewayPayments)
      .where(and(eq(gatewayPayments.gateway, 'stripe'), eq(gatewayPayments.externalId, externalId)));
    return row;
  }

  /**
   * Moves a payment on: to failed from pending only, to succeeded from anything else (an intent
   * can succeed after a failed attempt); a repeated report never moves a success back.
   */
  async settlePayment(id: number, status: 'succeeded' | 'failed'): Promise<void> {
    await this.db
      .update(gatewayPayments)
      .set({ status, updatedAt: new Date() })
      .where(
        and(
          eq(gatewayPayments.id, id),
          status === 'failed'
            ? eq(gatewayPayments.status, 'pending')
            : ne(gatewayPayments.status, 'succeeded'),
        ),
      );
  }

  async updatePayment(id: number, changes: Partial<Pick<GatewayPaymentRow, 'externalId' | 'details'>>) {
    await this.db
      .update(gatewayPayments)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(gatewayPayments.id, id));
  }

  /**
   * Claims the one off-session card payment of an invoice in flight: under the invoice's lock, a
   * pending claim younger than `staleAfterMs` means another request is charging it. The claim is
   * a pending row with a placeholder id, replaced by the intent's id once Stripe answered.
   */
  async claimOffSessionPayment(
    tx: Tx,
    claim: { userId: number; invoiceId: number; amountCents: number; claimId: string },
    staleAfterMs: number,
  ): Promise<GatewayPaymentRow | undefined> {
    const [busy] = await tx
      .select({ id: gatewayPayments.id })
      .from(gatewayPayments)
      .where(
        and(
          eq(gatewayPayments.invoiceId, claim.invoiceId),
          eq(gatewayPayments.gateway, 'stripe'),
          eq(gatewayPayments.status, 'pending'),
          sql`${gatewayPayments.details} ->> 'kind' = 'off_session'`,
          gt(gatewayPayments.createdAt, new Date(Date.now() - staleAfterMs)),
        ),
      );
    if (busy) return undefined;
    const [row] = await tx
      .insert(gatewayPayments)
      .values({
        userId: claim.userId,
        invoiceId: claim.invoiceId,
        gateway: 'stripe',
        externalId: claim.claimId,
        amountCents: claim.amountCents,
        currency: 'USD',
        details: { kind: 'off_session' },
      })
      .returning();
    return row;
  }
}
