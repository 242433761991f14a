import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { CardsRepository } from '../modules/billing/stripe/cards.repository.ts';
import { CardsService } from '../modules/billing/stripe/cards.service.ts';
import { UsersRepository } from '../modules/users/users.repository.ts';
import { demoAccounts } from './demo-accounts.ts';

/** Stripe's test-mode payment method of a Visa ending 4242 (the sandbox knows it too). */
const DEMO_CARD_METHOD = 'pm_card_visa';

/**
 * Gives the demo owner a saved card (a Visa ending 4242, the default) for real in the Stripe
 * sandbox: a customer with the payment method attached, so Billing Info and Pay Now show a card a
 * customer would have. Called on start only when the sandbox plays Stripe (a test card means
 * nothing to a live account); it adds nothing when the owner has a card or is not seeded.
 */
export async function ensureDemoCard(ctx: AppContext, log: FastifyBaseLogger): Promise<void> {
  const db = ctx.database.db;
  const owner = await new UsersRepository(db).findByEmail(demoAccounts.owner.email);
  if (!owner || (await new CardsRepository(db).listByOwner(owner.id)).length > 0) return;
  await new CardsService(ctx.database, ctx.cardGateway, log).saveServerSide(owner, DEMO_CARD_METHOD);
}
