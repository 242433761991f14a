import { defaultGatewayFor, isPaymentGateway, type PaymentGateway, type User } from '@rackdesk/contract';

/**
 * The gateway the checkout stands on (portal spec §4 "Default gateway", §6): the one chosen, else
 * the account's default, Cryptomus while the account's details are incomplete; one this
 * installation offers, else the first it does; null when it offers none.
 */
export function checkoutGateway(
  chosen: PaymentGateway | null,
  user: Pick<User, 'defaultgateway' | 'user_details_ok'>,
  offered: readonly string[],
): PaymentGateway | null {
  const preferred = chosen ?? defaultGatewayFor('', user);
  if (offered.includes(preferred)) return preferred;
  const first = offered.find(isPaymentGateway);
  return first ?? null;
}
