import { z } from 'zod';
import { MAX_ID } from './input.ts';

/** Texts of the gateway payment calls (portal spec §5 and §6 where it fixes them). */
export const GATEWAY_TEXT = {
  unknownInvoice: 'Unknown invoice.',
  invalidInvoiceId: 'The invoice id must be a whole number.',
  userDetailsRequired: 'Non-Crypto payments require you to enter your details in your profile first.',
  notPayable: (status: string) => `This invoice is ${status} and cannot be paid.`,
  nothingToPay: 'This invoice has nothing left to pay.',
  unavailable: (gateway: string) => `${gateway} is not available at the moment.`,
  providerFailed: 'The payment provider is not responding. Please try again in a few minutes.',
} as const;

const invoiceId = z
  .number({ error: GATEWAY_TEXT.invalidInvoiceId })
  .int(GATEWAY_TEXT.invalidInvoiceId)
  .positive(GATEWAY_TEXT.unknownInvoice)
  .max(MAX_ID, GATEWAY_TEXT.unknownInvoice);

/** What the page may send besides `invoiceid`: accepted for compatibility, never used. */
const ignoredText = z.string().max(1000).optional();

/** `POST billing/paypal/pay`: only the invoice; the server computes the whole form. */
export const paypalPayRequestSchema = z.object({ invoiceid: invoiceId });
export type PaypalPayRequest = z.infer<typeof paypalPayRequestSchema>;

/**
 * `POST billing/cryptomus/pay` and `POST billing/bitcoin/pay`: the payment request of portal spec
 * §3. Only `invoiceid` is used: amount, currency, description and URLs are the server's.
 */
export const paymentRequestSchema = z.object({
  invoiceid: invoiceId,
  description: ignoredText,
  amount: z.union([z.number(), z.string().max(32)]).optional(),
  currency: ignoredText,
  firstname: ignoredText,
  lastname: ignoredText,
  email: ignoredText,
  address1: ignoredText,
  address2: ignoredText,
  city: ignoredText,
  state: ignoredText,
  postcode: ignoredText,
  country: ignoredText,
  phonenumber: ignoredText,
  companyname: ignoredText,
  systemurl: ignoredText,
  returnurl: ignoredText,
  name: ignoredText,
  paymentmethod: ignoredText,
});
export type PaymentRequest = z.infer<typeof paymentRequestSchema>;

/** The PayPal Standard form the browser posts to PayPal (portal spec §7). */
export const paypalCheckoutSchema = z.object({
  action: z.string().describe("PayPal's checkout address: the form posts there."),
  fields: z.record(z.string(), z.string()).describe('Hidden fields of the form, in order.'),
});
export type PaypalCheckout = z.infer<typeof paypalCheckoutSchema>;

export const cryptomusPayResponseSchema = z.object({
  url: z.string().describe('The Cryptomus checkout page: the browser goes there.'),
});
export type CryptomusPayResponse = z.infer<typeof cryptomusPayResponseSchema>;

export const bitcoinPayResponseSchema = z.object({
  bitpay_invoice_id: z.string(),
  url: z.string().describe("BitPay's invoice viewer for that invoice."),
});
export type BitcoinPayResponse = z.infer<typeof bitcoinPayResponseSchema>;

/** What every gateway callback answers once it has been taken in (accepted or ignored). */
export const callbackAnswerSchema = z.object({ received: z.literal(true) });
