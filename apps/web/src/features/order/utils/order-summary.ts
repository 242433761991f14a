import {
  allowedDiskLayouts,
  type BillingCycleName,
  CHECKBOX_TICKED,
  choiceWithRole,
  type ConfigOptionChoice,
  type CustomFieldName,
  hostnameError,
  maxOrderQuantity,
  offeredCycles,
  type OrderConfigOption,
  type OrderQuote,
  type OrderRequest,
  OrderText,
  priceOrder,
  type Product,
  type ProductConfigOption,
  promoAppliesToCycle,
  type PromoResponse,
  type SelectedChoice,
  selectedChoices,
} from '@rackdesk/contract';
import type { OrderSelection } from './order-state.ts';
import type { ServiceGroupKey } from './service-groups.ts';

/**
 * The order summary (portal spec §3 "Order summary") as the panel shows it: what was chosen,
 * resolved against the product and priced with the contract's `priceOrder`, the same function the
 * order API charges with. Also the request the summary becomes (§3 "Order request").
 */

export interface PricedSummary {
  cycle: BillingCycleName;
  choices: SelectedChoice[];
  quote: OrderQuote;
  /** The verified promo code, when it holds for the cycle. */
  promo: PromoResponse | null;
  /** Why a verified code does not apply (another cycle was chosen since). */
  promoError: string | null;
}

/** The cycle in force: the chosen one while the product sells it, else its first offered cycle. */
export function effectiveCycle(product: Pick<Product, 'pricing'>, cycle: BillingCycleName | null) {
  const offered = offeredCycles(product);
  return cycle !== null && offered.includes(cycle) ? cycle : (offered[0] ?? null);
}

/** Prices the summary; null when the product is sold in no cycle. */
export function priceSummary(product: Product, selection: OrderSelection): PricedSummary | null {
  const cycle = effectiveCycle(product, selection.cycle);
  if (cycle === null) return null;
  let resolved = selectedChoices(product, cycle, selection.configoptions);
  // A summary kept from an older catalogue may name choices that are gone: start from the defaults.
  if (!resolved.ok) resolved = selectedChoices(product, cycle, []);
  if (!resolved.ok) return null;
  const choices = resolved.value;
  const applies = selection.promo !== null && promoAppliesToCycle(selection.promo, cycle);
  const promo = applies ? selection.promo : null;
  const priced = priceOrder({ product, cycle, choices, quantity: selection.quantity, promo });
  if (!priced.ok) return null;
  return {
    cycle,
    choices,
    quote: priced.value,
    promo,
    promoError: selection.promo !== null && !applies ? OrderText.promoWrongCycle : null,
  };
}

/** The option id the order sends for a resolved choice: a checkbox is 1 ticked, 0 not. */
export const orderedOptionId = ({ option, choice }: SelectedChoice): number =>
  option.type === '3' ? (choice ? CHECKBOX_TICKED : 0) : (choice?.id ?? 0);

/** The summary's choices with one option set to `optionid`. */
export function withChoice(
  configoptions: readonly OrderConfigOption[],
  optionId: number,
  optionid: number,
): OrderConfigOption[] {
  return [...configoptions.filter((entry) => entry.id !== optionId), { id: optionId, optionid }];
}

/** The resolved choice of one option. */
export const choiceOf = (choices: readonly SelectedChoice[], option: Pick<ProductConfigOption, 'id'>) =>
  choices.find((selected) => selected.option.id === option.id)?.choice ?? null;

/** The visible options a page draws, playing `role` (null: the plain priced options). */
export const optionsWithRole = (product: Product, role: ProductConfigOption['role']) =>
  product.configoptions.configoption.filter((option) => !option.hidden && option.role === role);

/**
 * The Disk Layout choices a dedicated server offers with the chosen OS (portal spec §5): those
 * `allowedDiskLayouts` keeps for the OS's layouts and the server's drive bays.
 */
export function diskLayoutChoices(
  product: Product,
  choices: readonly SelectedChoice[],
): ConfigOptionChoice[] {
  const option = optionsWithRole(product, 'disk_layout')[0];
  if (!option) return [];
  const os = choiceWithRole(choices, 'operating_system');
  const allowed: readonly string[] = allowedDiskLayouts(os?.disklayouts ?? [], product.drivebays);
  return option.options.option.filter((choice) => !choice.hidden && allowed.includes(choice.name));
}

/**
 * Changing the OS of a dedicated server resets Disk Layout to 'None' (portal spec §4); the
 * summary's choices after picking `osChoiceId`.
 */
export function chooseDedicatedOs(
  product: Product,
  configoptions: readonly OrderConfigOption[],
  osOptionId: number,
  osChoiceId: number,
): OrderConfigOption[] {
  const next = withChoice(configoptions, osOptionId, osChoiceId);
  const layout = optionsWithRole(product, 'disk_layout')[0];
  const none = layout?.options.option.find((choice) => choice.name === 'None');
  return layout && none ? withChoice(next, layout.id, none.id) : next;
}

/**
 * Changing the billing cycle resets every option to its first choice (portal spec §4): the setup
 * fees follow from the new cycle when the summary is priced again.
 */
export const chooseCycle = (cycle: BillingCycleName): Pick<OrderSelection, 'cycle' | 'configoptions'> => ({
  cycle,
  configoptions: [],
});

/** The quantity's message (portal spec §5), or null when it is within 1 and the stock. */
export function quantityError(
  product: Pick<Product, 'stockcontrol' | 'stocklevel'>,
  quantity: number,
): string | null {
  if (!Number.isInteger(quantity) || quantity < 1) return OrderText.minQuantity;
  const max = maxOrderQuantity(product);
  if (max !== null && quantity > max) return OrderText.onlyLeft(max);
  return null;
}

/**
 * What keeps the configure page from continuing (portal spec §5): the hostname of a VPS, the VPS
 * a storage block attaches to, the quantity. The storage VPS's status is checked apart.
 */
export function configureErrors(
  group: ServiceGroupKey,
  product: Product,
  selection: OrderSelection,
): Partial<Record<'domain' | 'storageVpsId' | 'quantity', string>> {
  const errors: Partial<Record<'domain' | 'storageVpsId' | 'quantity', string>> = {};
  if (group === 'vps') {
    const domainError = hostnameError(selection.domain);
    if (domainError) errors.domain = domainError;
  }
  if (group === 'storage' && selection.storageVpsId === null) errors.storageVpsId = OrderText.vpsRequired;
  const quantity = quantityError(product, selection.quantity);
  if (quantity) errors.quantity = quantity;
  return errors;
}

const customFieldId = (product: Product, name: CustomFieldName) =>
  product.customfields.customfield.find((field) => field.name === name)?.id;

/**
 * The order request of the summary (portal spec §3): one product with its cycle, every option's
 * choice, its custom fields (the OS as `custom_os_id`, SSH keys as a comma list in `ssh_key_ids`,
 * a storage block's VPS as `vm_whmcs_id`), the promo code that holds, the hostname of a VPS.
 * Nothing priced: the server prices the order itself.
 */
export function orderRequest(input: {
  group: ServiceGroupKey;
  product: Product;
  selection: OrderSelection;
  summary: PricedSummary;
  sshKeysAllowed: boolean;
}): OrderRequest {
  const { group, product, selection, summary, sshKeysAllowed } = input;
  const fields: { id: number; value: string }[] = [];
  const add = (name: CustomFieldName, value: string | null) => {
    const id = customFieldId(product, name);
    if (id !== undefined && value !== null && value !== '') fields.push({ id, value });
  };
  if (group === 'vps') {
    add('custom_os_id', selection.os);
    if (sshKeysAllowed) add('ssh_key_ids', selection.sshKeyIds.join(','));
  }
  if (group === 'storage')
    add('vm_whmcs_id', selection.storageVpsId === null ? null : String(selection.storageVpsId));

  const request: OrderRequest = {
    paymentmethod: selection.paymentmethod ?? undefined,
    pid: [product.pid],
    billingcycle: [summary.cycle],
    configoptions: summary.choices.map((selected) => ({
      id: selected.option.id,
      optionid: orderedOptionId(selected),
    })),
    customfields: [fields],
    quantity: selection.quantity,
  };
  if (summary.promo) request.promocode = summary.promo.code;
  if (group === 'vps') request.domain = selection.domain.trim();
  const notes = selection.notes.trim();
  if (notes !== '') request.notes = notes;
  return request;
}
