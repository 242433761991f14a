import { type Card, CardText, ErrorCode } from '@rackdesk/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DbOrTx } from '../../../db/client.ts';
import type { UserRow } from '../../../db/schema/index.ts';
import { AppError } from '../../../http/errors.ts';
import type { AuthContext } from '../../../http/policy.ts';
import { toCard } from './cards.mapper.ts';
import { CardsRepository } from './cards.repository.ts';
import type { CardDetails, StripeGateway } from './stripe-gateway.ts';

/**
 * The account's saved cards (portal spec §4 card selection, §5, §7 `billing/setup-intent`,
 * `billing/save-payment-method`, `billing/card`): card data stays with Stripe, the panel keeps the
 * payment method id, type, last four digits and expiry. Cards belong to the account a
 * sub-account acts for.
 */
export class CardsService {
  constructor(
    private readonly database: Database,
    private readonly gateway: StripeGateway,
    private readonly log: FastifyBaseLogger,
  ) {}

  #cards(db: DbOrTx = this.database.db) {
    return new CardsRepository(db);
  }

  /** Adding a card needs the account's e-mail address verified (portal spec §5). */
  #assertMayAddCards(auth: AuthContext): void {
    if (!auth.account.emailVerifiedAt)
      throw AppError.forbidden(CardText.emailUnverified, ErrorCode.emailUnverified);
  }

  /** The account's Stripe customer, created on first use (one per account, even when raced). */
  async customerOf(account: UserRow): Promise<string> {
    const cards = this.#cards();
    const existing = account.stripeCustomerId ?? (await cards.findCustomerId(account.id));
    if (existing) return existing;
    const name = `${account.firstname} ${account.lastname}`.trim();
    const created = await this.gateway.createCustomer({ id: account.id, email: account.email, name });
    return cards.keepCustomerId(account.id, created);
  }

  async createSetupIntent(auth: AuthContext): Promise<{ client_secret: string }> {
    this.#assertMayAddCards(auth);
    const customerId = await this.customerOf(auth.account);
    return { client_secret: await this.gateway.createSetupIntent(customerId, auth.account.id) };
  }

  /**
   * Saves the card of a setup intent the browser confirmed, after fetching it from Stripe: it must
   * be this account's customer's and have succeeded. Saving the same card again answers it again.
   */
  async save(auth: AuthContext, setupIntentId: string): Promise<Card> {
    this.#assertMayAddCards(auth);
    const customerId = await this.#cards().findCustomerId(auth.account.id);
    const setup = customerId ? await this.gateway.retrieveSetupIntent(setupIntentId) : undefined;
    if (!setup || setup.customerId !== customerId) throw AppError.notFound(CardText.setupUnknown);
    if (!setup.succeeded || !setup.card) throw new AppError(409, CardText.setupNotConfirmed);
    const row = await this.#keep(auth.account.id, setup.card);
    if (!row || row.userId !== auth.account.id) throw AppError.notFound(CardText.setupUnknown);
    return toCard(row);
  }

  /**
   * Saves a card the server names itself (the demo owner's test card), set up at Stripe without a
   * browser. The first card is the default, at Stripe too, as a card saved in Billing Info is.
   */
  async saveServerSide(account: UserRow, methodId: string): Promise<Card> {
    const customerId = await this.customerOf(account);
    const card = await this.gateway.saveCardFor(customerId, account.id, methodId);
    const row = await this.#keep(account.id, card);
    if (!row) throw new Error(`card ${card.methodId} belongs to no account`);
    if (row.isDefault) await this.gateway.setDefaultCard(customerId, row.gatewayMethodId);
    return toCard(row);
  }

  /** Stores a card Stripe holds for the account; the stored row when it is there already. */
  #keep(userId: number, card: CardDetails) {
    return this.database.db.transaction(async (tx) => {
      const cards = this.#cards(tx);
      await cards.lockAccount(tx, userId);
      return (
        (await cards.create(tx, {
          userId,
          gatewayMethodId: card.methodId,
          cardType: card.cardType,
          lastFour: card.lastFour,
          expiryMonth: card.expiryMonth,
          expiryYear: card.expiryYear,
        })) ?? (await cards.findByMethod(card.methodId))
      );
    });
  }

  async list(auth: AuthContext): Promise<Card[]> {
    return (await this.#cards().listByOwner(auth.account.id)).map(toCard);
  }

  /** Detaches the card at Stripe, then forgets it; the default moves to the oldest card left. */
  async remove(auth: AuthContext, id: number): Promise<Card[]> {
    const card = await this.#cards().findByOwner(auth.account.id, id);
    if (!card) throw AppError.notFound(CardText.notFound);
    await this.gateway.detachCard(card.gatewayMethodId);
    const newDefault = await this.database.db.transaction(async (tx) => {
      const cards = this.#cards(tx);
      await cards.lockAccount(tx, auth.account.id);
      await cards.delete(tx, card.id);
      if (!card.isDefault) return undefined;
      const [next] = await cards.listByOwner(auth.account.id);
      if (next) await cards.makeDefault(tx, auth.account.id, next.id);
      return next;
    });
    if (newDefault && auth.account.stripeCustomerId) {
      // Stripe's default only mirrors ours (payments name their card), so a failure here is no error.
      await this.gateway
        .setDefaultCard(auth.account.stripeCustomerId, newDefault.gatewayMethodId)
        .catch((error: unknown) =>
          this.log.warn({ err: error }, 'could not mirror the default card at Stripe'),
        );
    }
    return this.list(auth);
  }

  async makeDefault(auth: AuthContext, id: number): Promise<Card[]> {
    const card = await this.#cards().findByOwner(auth.account.id, id);
    if (!card) throw AppError.notFound(CardText.notFound);
    if (auth.account.stripeCustomerId)
      await this.gateway.setDefaultCard(auth.account.stripeCustomerId, card.gatewayMethodId);
    await this.database.db.transaction(async (tx) => {
      const cards = this.#cards(tx);
      await cards.lockAccount(tx, auth.account.id);
      await cards.makeDefault(tx, auth.account.id, card.id);
    });
    return this.list(auth);
  }
}
