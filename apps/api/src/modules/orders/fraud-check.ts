import type { FraudConfig } from '../../config.ts';
import type { FraudHit } from '../../db/schema/index.ts';
import { centsToAmount } from '../../lib/dates.ts';

/** What the fraud rules look at, gathered for one order before it is written. */
export interface FraudFacts {
  /** The e-mail addresses behind the order: the account's and, for a sub-account, the login's. */
  emails: string[];
  /** Orders the account placed in the last hour, this one not counted. */
  accountOrdersLastHour: number;
  /** Orders placed from the order's address in the last hour, this one not counted. */
  addressOrdersLastHour: number;
  /** Whether the account ever paid an invoice: a customer we know. */
  hasPaidBefore: boolean;
  orderTotalCents: number;
  /** user_details_ok of the account. */
  detailsComplete: boolean;
}

export interface FraudVerdict {
  score: number;
  hits: FraudHit[];
  /** The score reached the limit: the order is held for manual review. */
  held: boolean;
}

interface FraudRule {
  rule: string;
  score: (config: FraudConfig) => number;
  /** Why the rule matches, or undefined when it does not. */
  match: (facts: FraudFacts, config: FraudConfig) => string | undefined;
}

/** The domain of an address, lower case, and every parent domain of it (a.b.c → a.b.c, b.c, c). */
function domainsOf(email: string): string[] {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  const labels = domain.split('.');
  return labels.map((_, index) => labels.slice(index).join('.'));
}

/**
 * The rules, each with its configured score. They describe risk, not guilt: one weak signal alone
 * (a busy office ordering from one address, a missing phone number) stays under the default limit,
 * while a throwaway mailbox or two signals together hold the order for a person to look at.
 */
export const fraudRules: readonly FraudRule[] = [
  {
    rule: 'account_velocity',
    score: (config) => config.accountVelocityScore,
    match: (facts, config) =>
      facts.accountOrdersLastHour >= config.accountOrdersPerHour
        ? `${facts.accountOrdersLastHour} orders by this account in the last hour (limit ${config.accountOrdersPerHour})`
        : undefined,
  },
  {
    rule: 'address_velocity',
    score: (config) => config.addressVelocityScore,
    match: (facts, config) =>
      facts.addressOrdersLastHour >= config.addressOrdersPerHour
        ? `${facts.addressOrdersLastHour} orders from this address in the last hour (limit ${config.addressOrdersPerHour})`
        : undefined,
  },
  {
    rule: 'disposable_email',
    score: (config) => config.disposableEmailScore,
    match: (facts, config) => {
      const blocked = new Set(config.disposableDomains);
      const email = facts.emails.find((address) => domainsOf(address).some((domain) => blocked.has(domain)));
      return email ? `disposable e-mail domain (${email.slice(email.lastIndexOf('@') + 1)})` : undefined;
    },
  },
  {
    rule: 'first_order_amount',
    score: (config) => config.firstOrderScore,
    match: (facts, config) =>
      !facts.hasPaidBefore && facts.orderTotalCents > config.firstOrderLimitCents
        ? `first order of $${centsToAmount(facts.orderTotalCents)} USD, above $${centsToAmount(config.firstOrderLimitCents)} USD`
        : undefined,
  },
  {
    rule: 'incomplete_details',
    score: (config) => config.incompleteDetailsScore,
    match: (facts) => (facts.detailsComplete ? undefined : 'profile details incomplete'),
  },
];

/** Scores an order against every rule; with the check off, nothing is ever held. */
export function assessFraud(facts: FraudFacts, config: FraudConfig): FraudVerdict {
  if (!config.enabled) return { score: 0, hits: [], held: false };
  const hits: FraudHit[] = [];
  for (const rule of fraudRules) {
    const detail = rule.match(facts, config);
    const score = rule.score(config);
    if (detail !== undefined && score > 0) hits.push({ rule: rule.rule, score, detail });
  }
  const score = hits.reduce((sum, hit) => sum + hit.score, 0);
  return { score, hits, held: score >= config.scoreLimit };
}
