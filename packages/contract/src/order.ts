import { z } from 'zod';
import { billingCycles } from './catalog.ts';
import { idNumber, singleLineText } from './input.ts';
import { PAYMENT_GATEWAYS, type PaymentGateway } from './payment-gateways.ts';

/**
 * The order request and its answer (portal spec §3 "Order request", "Order response"; API.md),
 * with the texts of the order pages (portal spec §2, §5, §8). The server prices every order
 * itself: nothing here carries an amount.
 */

export const OrderText = {
  steps: ['Select Service Type', 'Select Server', 'Configure', 'Checkout', 'All Done'],
  hostnameRequired: 'Hostname is required',
  hostnameInvalid: 'Hostname can only contain letters, numbers, hyphens(-), underscores(_), or a period(.)',
  formHasErrors: 'Please fix error in the form before you can continue',
  vpsRequired: 'VPS is required',
  vpsStatusUnknown: 'Could not determine if VPS status. Please try again later.',
  vpsLocked: 'VPS is locked. Please try again later.',
  diskVpsLocation: 'Disk and VPS are not in the same location',
  storageNotWhitelisted: "You don't have access to this storage block",
  termsRequired: 'Please read and agree to our terms of service.',
  detailsRequired: 'Non-Crypto payments require you to enter your details in your profile first.',
  addRequiredInfo: 'Add Required Info',
  addRequiredInfoNote: 'This is required for Non-Crypto Payments',
  minQuantity: 'Min order qty: 1',
  onlyLeft: (n: number) => `Only ${n} left`,
  promoEmpty: 'Promo code Empty. Please, provide a promo code',
  promoWrongCycle: 'Promo code not valid for the billing cycle selected',
  promoInvalid: 'Promo code invalid',
  emailUnverified: 'Your email address is not verified.',
  loginToComplete: 'Login to complete your order.',
  fraudTitle: 'Fraud Alert',
  fraudHeld: 'Your order is potentially high risk and has been held for manual review.',
  outOfStock: (name: string) => `${name} is out of stock`,
  productLoadFailed: 'An error occurred, please try again',
  notEnoughStock: (n: number) => (n > 0 ? `Only ${n} left` : 'This product is out of stock.'),
  osNotOffered: 'This operating system is not offered for this product.',
  diskLayoutNotSupported: 'This disk layout is not available for the chosen operating system and drive bays.',
  cycleNotOffered: 'This billing cycle is not offered for this product.',
  productNotFound: 'This product was not found.',
  productNotOrderable: 'This product cannot be ordered online.',
  osRequired: 'Choose an operating system.',
  sshKeysNotAllowed: 'SSH keys cannot be used with Windows or a custom template.',
  unknownSshKey: 'Choose SSH keys of your account.',
  vpsNotAvailable: 'Choose one of your active VPS to attach the storage block to.',
  tooManyExtraIpv4: 'A VPS takes at most 4 additional IPv4 addresses.',
  paymentMethodUnavailable: 'This payment method is not available.',
  unknownCustomField: 'Unknown custom field.',
  sentTwice: 'This field is sent twice.',
} as const;

/** Each VPS includes one IPv4 address and takes up to four more (portal spec §9). */
export const MAX_EXTRA_IPV4 = 4;

/** The order out-of-stock modal counts down this many seconds (portal spec §9). */
export const OUT_OF_STOCK_COUNTDOWN_SECONDS = 7;

/** Letters, digits, hyphen, underscore and period (portal spec §5 "VPS order"). */
export const HOSTNAME_PATTERN = /^[A-Za-z0-9._-]+$/;

/** The hostname error of the VPS configure page, or null when it is valid. */
export function hostnameError(hostname: string): string | null {
  if (hostname.trim() === '') return OrderText.hostnameRequired;
  if (!HOSTNAME_PATTERN.test(hostname)) return OrderText.hostnameInvalid;
  return null;
}

const gateway = z.enum(Object.keys(PAYMENT_GATEWAYS) as [PaymentGateway, ...PaymentGateway[]], {
  error: 'Unknown payment method.',
});

export const orderConfigOptionSchema = z
  .object({
    id: idNumber('Unknown configuration option.').describe(
      "A configuration option's `id` (`configoptions.configoption[].id` of the product).",
    ),
    /** The chosen option's id; 1 ticks a checkbox (type '3'), 0 leaves it unticked. */
    optionid: z
      .number({ error: 'Unknown option.' })
      .int('Unknown option.')
      .min(0, 'Unknown option.')
      .describe(
        "The chosen choice's `id` (`options.option[].id`); for a checkbox (type '3') 1 ticks it, 0 not.",
      ),
  })
  .strict();
export type OrderConfigOption = z.infer<typeof orderConfigOptionSchema>;

export const orderCustomFieldSchema = z
  .object({
    id: idNumber('Unknown custom field.').describe(
      "A custom field's `id` (`customfields.customfield[].id` of the product).",
    ),
    value: singleLineText()
      .max(2000, 'The value is too long.')
      .describe(
        '`custom_os_id`: an OS template name of `GET billing/os-templates/{pid}`, or a finished custom template id (VPS v2); `ssh_key_ids`: a comma list of SSH key ids of the account; `vm_whmcs_id`: the service id of the VPS v2 a storage block attaches to.',
      ),
  })
  .strict();

/** `POST billing/order` (portal spec §3 "Order request"; WHMCS AddOrder's shape). */
export const orderRequestSchema = z
  .object({
    paymentmethod: gateway
      .default('stripe')
      .describe('The gateway the invoice is paid with: a `module` of `GET billing/payment-methods`.'),
    pid: z
      .array(idNumber('Unknown product.'), { error: 'Choose a product.' })
      .min(1, 'Choose a product.')
      .max(10)
      .describe('The products ordered (`pid` of the catalogue), one service each per `quantity`.'),
    billingcycle: z
      .array(z.enum(billingCycles, { error: 'Unknown billing cycle.' }))
      .min(1)
      .max(10)
      .describe('One billing cycle per product, in the order of `pid`; one the product is priced in.'),
    configoptions: z
      .array(orderConfigOptionSchema)
      .max(100)
      .default([])
      .describe(
        'The chosen configuration options of the products; an option not sent takes its first choice.',
      ),
    /** One list per product, in the order of `pid`. */
    customfields: z
      .array(z.array(orderCustomFieldSchema).max(20))
      .max(10)
      .default([])
      .describe('One list of custom field values per product, in the order of `pid`.'),
    promocode: singleLineText()
      .trim()
      .max(100)
      .optional()
      .describe('A promotion code (any case), as `GET billing/promo/{productId}/{code}` checks it.'),
    /** The hostname of a VPS (or a dedicated server's). */
    domain: singleLineText()
      .trim()
      .max(253, 'The hostname is too long.')
      .optional()
      .describe('The hostname of the server (required for a VPS): letters, digits, `-`, `_` and `.`.'),
    /** Used once to provision, then kept only encrypted until it has been. */
    rootpw: singleLineText()
      .min(8, 'The root password must be at least 8 characters.')
      .max(128)
      .optional()
      .describe('The root password the server is built with: stored only encrypted, and erased once used.'),
    quantity: z
      .number({ error: 'The quantity must be a number.' })
      .int()
      .min(1, OrderText.minQuantity)
      .max(100)
      .default(1)
      .describe('Services of each product; at most the stock left of a stock-controlled product.'),
    notes: z
      .string()
      .max(5000, 'The notes are too long.')
      .optional()
      .describe('Additional notes for the provider.'),
  })
  .strict()
  .refine((order) => order.billingcycle.length === order.pid.length, {
    message: 'Give one billing cycle per product.',
    path: ['billingcycle'],
  })
  .refine((order) => order.customfields.length <= order.pid.length, {
    message: 'Give one list of custom fields per product.',
    path: ['customfields'],
  });
export type OrderRequest = z.input<typeof orderRequestSchema>;

export const orderResponseSchema = z.object({
  result: z.literal('success'),
  orderid: z.number().int().describe('The order.'),
  /** The number the customer quotes. */
  ordernum: z.string().describe('The order number the customer quotes (random digits).'),
  invoiceid: z.number().int().describe('The Unpaid invoice of the order, due today: `GET invoices/{id}`.'),
  serviceids: z.string().describe('Comma list of the created services (Pending until provisioned).'),
});
export type OrderResponse = z.infer<typeof orderResponseSchema>;
