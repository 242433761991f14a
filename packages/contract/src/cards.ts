import { z } from 'zod';
import { invoiceStatuses } from './billing.ts';
import { idNumber, idParam } from './input.ts';

// Saved cards and card payments through Stripe (portal spec §3 Card / Payment intent, §4 card
// selection, §5, §7 `billing/setup-intent`, `billing/save-payment-method`, `billing/card`,
// `billing/payment-intent`, `billing/card/pay/{id}`, §8 cards and payments, §9 card types).

export const CardText = {
  emailUnverified: 'You need to verify your email to add a credit card.',
  detailsRequired: 'Non-Crypto payments require you to enter your details in your profile first.',
  setupIntentFailed: 'Failed to create setup intent, please try again.',
  addFailed: 'Failed to add card, please try again.',
  added: 'Card added successfully',
  deleted: 'Credit card deleted.',
  deleteFailed: 'There was an error deleting credit card.',
  paymentFailed: 'Payment failed',
  paymentError: 'There was an error processing payment',
  madeDefault: 'Default card updated.',
  paid: 'Payment received.',
  notFound: 'Card not found.',
  setupNotConfirmed: 'The card has not been confirmed with the card payment provider.',
  setupUnknown: 'Unknown card setup.',
  intentUnknown: 'Unknown payment.',
  noCard: 'Choose a saved card or enter a new one.',
  nothingToPay: 'This invoice has nothing left to pay.',
  paymentInProgress: 'A card payment of this invoice is already in progress. Please wait a moment.',
  notConfigured: 'Card payments are not available at the moment.',
  setAsDefault: 'set_as_default must be true: choose the card that becomes the default.',
} as const;

/** The card types of the billing system (portal spec §9), by the card network Stripe reports. */
export const CARD_TYPES = {
  visa: 'Visa',
  mastercard: 'MasterCard',
  amex: 'American Express',
  discover: 'Discover',
  jcb: 'JCB',
  diners: 'Diners Club',
} as const;

export const cardSchema = z.object({
  id: z.number().int(),
  card_type: z.string(),
  card_last_four: z.string(),
  /** MM/YY. */
  expiry_date: z.string(),
  is_default: z.boolean(),
});
export type Card = z.infer<typeof cardSchema>;

export const cardListResponseSchema = z.object({ paymethods: z.array(cardSchema) });
export type CardListResponse = z.infer<typeof cardListResponseSchema>;

export const setupIntentResponseSchema = z.object({ client_secret: z.string() });
export type SetupIntentResponse = z.infer<typeof setupIntentResponseSchema>;

/** Stripe object ids: a known prefix, then letters and digits. */
const stripeObjectId = (prefix: string, message: string) =>
  z
    .string({ error: message })
    .max(255, message)
    .regex(new RegExp(`^${prefix}_[A-Za-z0-9]+$`), message);

export const savePaymentMethodRequestSchema = z.object({
  setup_intent_id: stripeObjectId('seti', CardText.setupUnknown),
});
export type SavePaymentMethodRequest = z.infer<typeof savePaymentMethodRequestSchema>;

export const savePaymentMethodResponseSchema = z.object({ message: z.string(), card: cardSchema });

export const cardIdParamsSchema = z.object({ id: idParam(CardText.notFound) });

export const cardUpdateRequestSchema = z.object({
  set_as_default: z.literal(true, { error: CardText.setAsDefault }),
});
export type CardUpdateRequest = z.infer<typeof cardUpdateRequestSchema>;

export const cardMessageResponseSchema = z.object({ message: z.string(), paymethods: z.array(cardSchema) });

export const paymentIntentQuerySchema = z.object({
  invoice_id: idParam('Unknown invoice.'),
  card_id: idParam(CardText.notFound).optional(),
});
export type PaymentIntentQuery = z.input<typeof paymentIntentQuerySchema>;

export const paymentIntentResponseSchema = z.object({
  client_secret: z.string(),
  paymentIntentId: z.string(),
});
export type PaymentIntentResponse = z.infer<typeof paymentIntentResponseSchema>;

/**
 * `POST billing/card/pay/{id}` (portal spec §3 Payment intent): pay with a saved card (the default
 * one when none is named), or fulfil a payment intent the browser confirmed.
 */
export const cardPayRequestSchema = z.object({
  cardSelected: idNumber(CardText.notFound, CardText.notFound).optional(),
  paymentIntentId: stripeObjectId('pi', CardText.intentUnknown).optional(),
});
export type CardPayRequest = z.infer<typeof cardPayRequestSchema>;

export const cardPayResponseSchema = z.object({
  message: z.string(),
  /** The invoice's status after the payment. */
  status: z.enum(invoiceStatuses),
});
export type CardPayResponse = z.infer<typeof cardPayResponseSchema>;

/** `GET billing/stripe/config`: what the browser needs to load Stripe.js (the sandbox's in demos). */
export const stripeConfigResponseSchema = z.object({ publishable_key: z.string(), js_url: z.string() });
export type StripeConfigResponse = z.infer<typeof stripeConfigResponseSchema>;
