/**
 * How a test card behaves, as in Stripe's test mode:
 * - `succeed`: every payment and setup succeeds;
 * - `decline`: refused with `decline_code` (`atSetup` false: it can be saved, then its payments fail);
 * - `authenticate`: every on-session payment and setup asks for 3-D Secure; off-session payments
 *   fail with `authentication_required` (4000000000003220, 3DS2 required);
 * - `authenticateOnce`: setup asks for 3-D Secure; once set up that way, off-session payments
 *   succeed, on-session ones ask again (4000002500003155).
 */
export type CardBehaviour =
  | { kind: 'succeed' }
  | { kind: 'decline'; declineCode: 'generic_decline' | 'insufficient_funds'; atSetup: boolean }
  | { kind: 'authenticate' }
  | { kind: 'authenticateOnce' };

export interface TestCard {
  number: string;
  brand: 'visa' | 'mastercard' | 'amex' | 'discover' | 'jcb' | 'diners' | 'unionpay';
  funding: 'credit' | 'debit';
  behaviour: CardBehaviour;
}

const ok = { kind: 'succeed' } as const;

/** Stripe's documented test card numbers the sandbox knows (any future expiry, any CVC). */
export const TEST_CARDS: readonly TestCard[] = [
  { number: '4242424242424242', brand: 'visa', funding: 'credit', behaviour: ok },
  { number: '4000056655665556', brand: 'visa', funding: 'debit', behaviour: ok },
  { number: '5555555555554444', brand: 'mastercard', funding: 'credit', behaviour: ok },
  { number: '2223003122003222', brand: 'mastercard', funding: 'credit', behaviour: ok },
  { number: '378282246310005', brand: 'amex', funding: 'credit', behaviour: ok },
  { number: '6011111111111117', brand: 'discover', funding: 'credit', behaviour: ok },
  { number: '3566002020360505', brand: 'jcb', funding: 'credit', behaviour: ok },
  { number: '3056930009020004', brand: 'diners', funding: 'credit', behaviour: ok },
  { number: '6200000000000005', brand: 'unionpay', funding: 'credit', behaviour: ok },
  {
    number: '4000000000000002',
    brand: 'visa',
    funding: 'credit',
    behaviour: { kind: 'decline', declineCode: 'generic_decline', atSetup: true },
  },
  {
    number: '4000000000000341',
    brand: 'visa',
    funding: 'credit',
    behaviour: { kind: 'decline', declineCode: 'generic_decline', atSetup: false },
  },
  {
    number: '4000000000009995',
    brand: 'visa',
    funding: 'credit',
    behaviour: { kind: 'decline', declineCode: 'insufficient_funds', atSetup: true },
  },
  { number: '4000000000003220', brand: 'visa', funding: 'credit', behaviour: { kind: 'authenticate' } },
  { number: '4000002500003155', brand: 'visa', funding: 'credit', behaviour: { kind: 'authenticateOnce' } },
];

/** Stripe's test payment method ids: each use makes a new payment method of that card. */
export const TEST_PAYMENT_METHODS: Readonly<Record<string, string>> = {
  pm_card_visa: '4242424242424242',
  pm_card_visa_debit: '4000056655665556',
  pm_card_mastercard: '5555555555554444',
  pm_card_amex: '378282246310005',
  pm_card_discover: '6011111111111117',
  pm_card_jcb: '3566002020360505',
  pm_card_diners: '3056930009020004',
  pm_card_unionpay: '6200000000000005',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeCustomerFail: '4000000000000341',
  pm_card_threeDSecure2Required: '4000000000003220',
  pm_card_authenticationRequiredOnSetup: '4000002500003155',
};

export const testCardByNumber = (number: string): TestCard | undefined =>
  TEST_CARDS.find((card) => card.number === number);

/** The Luhn check every card number passes. */
export function passesLuhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return number.length >= 12 && sum % 10 === 0;
}
