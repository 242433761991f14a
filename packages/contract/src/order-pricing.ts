import {
  type BillingCycleName,
  billingCycles,
  type ConfigOptionChoice,
  type CyclePricing,
  type DiskLayout,
  diskLayouts,
  PRICE_NOT_OFFERED,
  type Product,
  type ProductConfigOption,
  type PromoResponse,
  setupFeeKey,
} from './catalog.ts';
import { amountStringToCents, centsToAmountString } from './invoice-rules.ts';
import { OrderText } from './order.ts';

/**
 * The order rules both sides compute (portal spec §2 "Order wizard", §3 "Order request" and
 * "Promo code", §5): the server's order API prices and validates with these, the wizard's summary
 * panel shows the same figures. Integer cents throughout; no zod here, the web bundle imports it.
 *
 * Pricing (per unit, for the chosen cycle):
 * - recurring = the product's cycle price + the cycle price of every chosen choice (a ticked
 *   checkbox is priced by its first choice); setup = the product's cycle setup fee + the chosen
 *   choices' cycle setup fees.
 * - due today = (recurring + setup) × quantity − discount.
 *
 * Promotion codes (the usual billing-system rule):
 * - Percentage: that share of the recurring price and of the setup fees on the first invoice, of
 *   the recurring price on the renewals it covers; each rounded to the cent.
 * - Fixed Amount: that amount off the recurring price (never below 0); setup fees stay whole.
 * - Both apply to the whole recurring price of a unit (product and options), once per unit.
 * - Valid only for the cycles it lists (empty list: every cycle).
 * - One-time (`recurring` false): the first invoice only. Recurring with `recurfor` N: the first
 *   invoice and the next N renewals. Recurring with `recurfor` 0: every invoice (for life).
 */

/** A rule broken by the order: the request field to point at and the text to show. */
export interface OrderFieldError {
  field: string;
  message: string;
}

export type OrderRuleResult<T> = { ok: true; value: T } | { ok: false; error: OrderFieldError };

const ok = <T>(value: T): OrderRuleResult<T> => ({ ok: true, value });
const fail = <T>(field: string, message: string): OrderRuleResult<T> => ({
  ok: false,
  error: { field, message },
});

/** A cycle's price and setup fee in cents; `recurringCents` is null when the cycle is not offered. */
export function cyclePriceCents(
  pricing: CyclePricing,
  cycle: BillingCycleName,
): { recurringCents: number | null; setupCents: number } {
  const price = pricing[cycle];
  return {
    recurringCents: price === PRICE_NOT_OFFERED ? null : amountStringToCents(price),
    setupCents: amountStringToCents(pricing[setupFeeKey[cycle]]),
  };
}

/** The cycles a product is sold in (its price is not '-1.00'), in the spec's order. */
export const offeredCycles = (product: Pick<Product, 'pricing'>): BillingCycleName[] =>
  billingCycles.filter((cycle) => product.pricing.USD[cycle] !== PRICE_NOT_OFFERED);

const isOffered = (choice: ConfigOptionChoice, cycle: BillingCycleName) =>
  choice.pricing.USD[cycle] !== PRICE_NOT_OFFERED;

/** A configuration option and what the order chose in it; `choice` is null for an unticked checkbox. */
export interface SelectedChoice {
  option: ProductConfigOption;
  choice: ConfigOptionChoice | null;
}

/** What a checkbox (type '3') is ordered with when ticked; 0 leaves it unticked. */
export const CHECKBOX_TICKED = 1;

/** The choice an option not sent takes: its first choice a customer can pick in this cycle. */
const defaultChoice = (option: ProductConfigOption, cycle: BillingCycleName) =>
  option.options.option.find((choice) => !choice.hidden && isOffered(choice, cycle));

/**
 * Resolves every visible configuration option of the product to its choice for the order
 * (portal spec §3 "Order request": an option not sent takes its first option; a checkbox is sent
 * with optionid 1 when ticked). Refuses an option of another product or sent twice, an unknown or
 * hidden choice, a choice not sold in the cycle, and a cycle the product is not sold in.
 * `configoptions` are the product's own entries of the request (the caller splits a
 * several-product order by the options each product has).
 */
export function selectedChoices(
  product: Pick<Product, 'pricing' | 'configoptions'>,
  cycle: BillingCycleName,
  configoptions: readonly { id: number; optionid: number }[],
): OrderRuleResult<SelectedChoice[]> {
  if (product.pricing.USD[cycle] === PRICE_NOT_OFFERED) {
    return fail('billingcycle', OrderText.cycleNotOffered);
  }
  const visible = product.configoptions.configoption.filter((option) => !option.hidden);
  const sent = new Map<number, { optionid: number; index: number }>();
  for (const [index, entry] of configoptions.entries()) {
    if (!visible.some((option) => option.id === entry.id)) {
      return fail(`configoptions.${index}.id`, 'Unknown configuration option.');
    }
    if (sent.has(entry.id)) return fail(`configoptions.${index}.id`, 'This option is sent twice.');
    sent.set(entry.id, { optionid: entry.optionid, index });
  }

  const selected: SelectedChoice[] = [];
  for (const option of visible) {
    const entry = sent.get(option.id);
    const field = entry ? `configoptions.${entry.index}.optionid` : 'configoptions';
    if (option.type === '3') {
      const optionid = entry?.optionid ?? 0;
      if (optionid !== 0 && optionid !== CHECKBOX_TICKED) return fail(field, 'Unknown option.');
      const first = option.options.option[0];
      if (optionid === 0 || first === undefined) {
        selected.push({ option, choice: null });
        continue;
      }
      if (!isOffered(first, cycle))
        return fail(field, `${option.name} is not offered for this billing cycle.`);
      selected.push({ option, choice: first });
      continue;
    }
    if (!entry) {
      const choice = defaultChoice(option, cycle);
      if (!choice) return fail(field, `${option.name} has no choice for this billing cycle.`);
      selected.push({ option, choice });
      continue;
    }
    const choice = option.options.option.find((candidate) => candidate.id === entry.optionid);
    if (!choice || choice.hidden) return fail(field, 'Unknown option.');
    if (!isOffered(choice, cycle))
      return fail(field, `${choice.name} is not offered for this billing cycle.`);
    selected.push({ option, choice });
  }
  return ok(selected);
}

/** The chosen choice of the option playing `role` (e.g. 'operating_system'), if any. */
export const choiceWithRole = (
  choices: readonly SelectedChoice[],
  role: NonNullable<ProductConfigOption['role']>,
): ConfigOptionChoice | null => choices.find((selected) => selected.option.role === role)?.choice ?? null;

/** Does the promotion code hold for this cycle (its list is empty or names it)? */
export function promoAppliesToCycle(promo: Pick<PromoResponse, 'cycles'>, cycle: BillingCycleName): boolean {
  const cycles = promo.cycles
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  return cycles.length === 0 || cycles.includes(cycle);
}

/**
 * Renewals a promotion code discounts after the first invoice: 0 for a one-time code, N for
 * recurring for N, null for life.
 */
export const promoRenewals = (promo: Pick<PromoResponse, 'recurring' | 'recurfor'>): number | null =>
  !promo.recurring ? 0 : promo.recurfor === 0 ? null : promo.recurfor;

export interface OrderLine {
  label: string;
  /** Per unit, per cycle. */
  recurringCents: number;
  /** Per unit, once. */
  setupCents: number;
}

export interface OrderQuote {
  /** The product first, then each chosen option with its choice. */
  lines: OrderLine[];
  /** Per unit, per cycle, before any discount. */
  recurringCents: number;
  /** Per unit, once. */
  setupCents: number;
  quantity: number;
  /** Off the first invoice, for the whole quantity. */
  discountCents: number;
  /** Off each discounted renewal, per unit (0 for a one-time code or none). */
  recurringDiscountCents: number;
  /** Renewals discounted after the first invoice: 0 none, N, or null for life. */
  promoRenewals: number | null;
  /** (recurring + setup) × quantity − discount. */
  dueTodayCents: number;
  promoApplied: boolean;
}

const percentOf = (cents: number, basisPoints: number) => Math.round((cents * basisPoints) / 10_000);

/** The discount of one unit: off its first invoice and off each renewal the code covers. */
function unitDiscount(
  promo: Pick<PromoResponse, 'type' | 'value'>,
  recurringCents: number,
  setupCents: number,
): { firstCents: number; renewalCents: number } {
  if (promo.type === 'Percentage') {
    // '12.50' percent is 1250 hundredths of a percent: the same digits as cents.
    const basisPoints = Math.min(10_000, Math.max(0, amountStringToCents(promo.value)));
    const renewalCents = percentOf(recurringCents, basisPoints);
    return { firstCents: renewalCents + percentOf(setupCents, basisPoints), renewalCents };
  }
  const offCents = Math.min(recurringCents, Math.max(0, amountStringToCents(promo.value)));
  return { firstCents: offCents, renewalCents: offCents };
}

/**
 * Prices an order of `quantity` units of the product in `cycle` with the resolved choices (from
 * `selectedChoices`) and, optionally, a promotion code already known to be valid for the product.
 * Refuses a cycle the product is not sold in and a code not valid for the cycle.
 */
export function priceOrder(input: {
  product: Pick<Product, 'name' | 'pricing'>;
  cycle: BillingCycleName;
  choices: readonly SelectedChoice[];
  quantity: number;
  promo?: Pick<PromoResponse, 'type' | 'value' | 'recurring' | 'recurfor' | 'cycles'> | null;
}): OrderRuleResult<OrderQuote> {
  const { product, cycle, choices, quantity, promo } = input;
  const base = cyclePriceCents(product.pricing.USD, cycle);
  if (base.recurringCents === null) return fail('billingcycle', OrderText.cycleNotOffered);
  if (promo && !promoAppliesToCycle(promo, cycle)) return fail('promocode', OrderText.promoWrongCycle);

  const lines: OrderLine[] = [
    { label: product.name, recurringCents: base.recurringCents, setupCents: base.setupCents },
  ];
  for (const { option, choice } of choices) {
    if (!choice) continue;
    const price = cyclePriceCents(choice.pricing.USD, cycle);
    lines.push({
      label: `${option.name}: ${choice.name}`,
      recurringCents: price.recurringCents ?? 0,
      setupCents: price.setupCents,
    });
  }
  const recurringCents = lines.reduce((sum, line) => sum + line.recurringCents, 0);
  const setupCents = lines.reduce((sum, line) => sum + line.setupCents, 0);
  const discount = promo
    ? unitDiscount(promo, recurringCents, setupCents)
    : { firstCents: 0, renewalCents: 0 };
  const renewals = promo ? promoRenewals(promo) : 0;
  const discountCents = discount.firstCents * quantity;
  return ok({
    lines,
    recurringCents,
    setupCents,
    quantity,
    discountCents,
    recurringDiscountCents: renewals === 0 ? 0 : discount.renewalCents,
    promoRenewals: renewals,
    dueTodayCents: (recurringCents + setupCents) * quantity - discountCents,
    promoApplied: Boolean(promo),
  });
}

/** '10.00' → '10', '12.50' → '12.5'. */
const percentText = (value: string) => String(amountStringToCents(value) / 100);

/** '$5.00 USD'. */
export const usdText = (cents: number): string => `$${centsToAmountString(cents)} USD`;

/**
 * The summary panel's discount message (portal spec §5 "Discount messages cover percentage or fixed
 * amount, one-time, recurring for N cycles, or lifetime recurring").
 */
export function promoDescription(
  promo: Pick<PromoResponse, 'type' | 'value' | 'recurring' | 'recurfor'>,
): string {
  const off =
    promo.type === 'Percentage'
      ? `${percentText(promo.value)}% off`
      : `${usdText(amountStringToCents(promo.value))} off`;
  const renewals = promoRenewals(promo);
  if (renewals === 0) return `${off} the first invoice (one-time discount)`;
  if (renewals === null) return `${off} every invoice (lifetime recurring discount)`;
  return `${off} the first invoice and the next ${renewals} ${renewals === 1 ? 'renewal' : 'renewals'} (recurring for ${renewals} ${renewals === 1 ? 'cycle' : 'cycles'})`;
}

/** The fewest drive bays each disk layout needs (portal spec §5 "Disk Layout filter"). */
export const DISK_LAYOUT_MIN_BAYS: Readonly<Record<DiskLayout, number>> = {
  None: 0,
  'RAID 0': 2,
  'RAID 1': 2,
  'RAID 5': 3,
  'RAID 10': 4,
};

/**
 * The disk layouts a dedicated server can be ordered with: 'None' always; a RAID layout when the
 * chosen OS supports it and the server has the drive bays it needs. In the spec's order.
 */
export function allowedDiskLayouts(
  osChoiceLayouts: readonly string[],
  driveBays: number | null,
): DiskLayout[] {
  const bays = driveBays ?? 0;
  return diskLayouts.filter(
    (layout) =>
      layout === 'None' || (osChoiceLayouts.includes(layout) && bays >= DISK_LAYOUT_MIN_BAYS[layout]),
  );
}

/** Stock control is on and nothing is left (portal spec §2: stocklevel 0 or less). */
export const isOutOfStock = (product: Pick<Product, 'stockcontrol' | 'stocklevel'>): boolean =>
  product.stockcontrol && product.stocklevel <= 0;

/** The product card's stock tag (portal spec §2 "Product card"). */
export function stockLabel(product: Pick<Product, 'stockcontrol' | 'stocklevel'>): string {
  if (isOutOfStock(product)) return 'Out of Stock';
  return product.stockcontrol ? `${product.stocklevel} left` : 'Available';
}

/** The most units one order may take: the stock level under stock control. */
export const maxOrderQuantity = (product: Pick<Product, 'stockcontrol' | 'stocklevel'>): number | null =>
  product.stockcontrol ? Math.max(0, product.stocklevel) : null;

/**
 * The card's 'Starting from' monthly price: the product's monthly price plus the cheapest monthly
 * choice of each visible select option (a checkbox is optional and adds nothing). For a storage
 * block, whose product price is 0, that is the cheapest 'Storage Size'. Null when the product is
 * not sold monthly.
 */
export function startingMonthlyCents(product: Pick<Product, 'pricing' | 'configoptions'>): number | null {
  const base = cyclePriceCents(product.pricing.USD, 'monthly').recurringCents;
  if (base === null) return null;
  let total = base;
  for (const option of product.configoptions.configoption) {
    if (option.hidden || option.type !== '1') continue;
    const prices = option.options.option
      .filter((choice) => !choice.hidden && isOffered(choice, 'monthly'))
      .map((choice) => amountStringToCents(choice.pricing.USD.monthly));
    if (prices.length > 0) total += Math.min(...prices);
  }
  return total;
}

type Listed = Pick<Product, 'name' | 'stockcontrol' | 'stocklevel' | 'pricing' | 'configoptions'>;

/** In stock first, then by starting monthly price (not sold monthly: last), keeping ties in order. */
function byStockThenPrice<P extends Listed>(products: readonly P[], direction: 1 | -1): P[] {
  const price = (product: P) => startingMonthlyCents(product);
  return [...products].sort((a, b) => {
    const stock = Number(isOutOfStock(a)) - Number(isOutOfStock(b));
    if (stock !== 0) return stock;
    const pa = price(a);
    const pb = price(b);
    if (pa === null || pb === null) return Number(pa === null) - Number(pb === null);
    return (pa - pb) * direction;
  });
}

/** The dedicated catalogue: in stock first, then by monthly price, dearest first (portal spec §2). */
export const sortDedicated = <P extends Listed>(products: readonly P[]): P[] =>
  byStockThenPrice(products, -1);

export interface VpsSection<P> {
  key: 'standard' | 'cpu-optimized';
  title: 'Standard Virtual Servers' | 'CPU Optimized Virtual Servers';
  products: P[];
}

/**
 * The VPS catalogue's two sections (portal spec §2): products whose name contains CPU are CPU
 * optimized, the rest standard; each in stock first, then cheapest first.
 */
export function splitVpsSections<P extends Listed>(products: readonly P[]): [VpsSection<P>, VpsSection<P>] {
  const cpu = (product: P) => product.name.includes('CPU');
  return [
    {
      key: 'standard',
      title: 'Standard Virtual Servers',
      products: byStockThenPrice(
        products.filter((product) => !cpu(product)),
        1,
      ),
    },
    {
      key: 'cpu-optimized',
      title: 'CPU Optimized Virtual Servers',
      products: byStockThenPrice(products.filter(cpu), 1),
    },
  ];
}
