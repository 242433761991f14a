import {
  billingCycles,
  type BillingCycleName,
  isPaymentGateway,
  type OrderConfigOption,
  type PaymentGateway,
  type PromoResponse,
} from '@rackdesk/contract';
import { isServiceGroupKey, type ServiceGroupKey } from './service-groups.ts';

/**
 * The wizard's state and its step rules (portal spec §2 "Order wizard", §4 "Order flow"), as pure
 * functions: five steps (Select Service Type 0, Select Server 1, Configure 2, Checkout 3, All Done
 * 4), the chosen service type, and the order summary: what the customer chose, from which the
 * summary panel prices the order with the contract's pricing (prices are never stored).
 */

export type OrderStep = 0 | 1 | 2 | 3 | 4;

export interface OrderSelection {
  pid: number;
  /** Null until chosen: the product's first offered cycle. */
  cycle: BillingCycleName | null;
  /** The choice per configuration option; an option left out takes its first choice. */
  configoptions: OrderConfigOption[];
  /** `custom_os_id`: a template name of `billing/os-templates/{pid}`, or `custom_{id}` of a user template. */
  os: string | null;
  /** The VPS hostname. */
  domain: string;
  quantity: number;
  /** The VPS v2 service a storage block attaches to. */
  storageVpsId: number | null;
  sshKeyIds: number[];
  /** The promo code as typed, and the answer that verified it. */
  promoCode: string;
  promo: PromoResponse | null;
  paymentmethod: PaymentGateway | null;
  notes: string;
  termsAccepted: boolean;
}

/** Step 4: the order response (portal spec §3), or why there is none. */
export type OrderOutcome =
  | { kind: 'placed'; orderid: number; invoiceid: number }
  /** A 400: the fraud check held the order (fraudCheckPass false). */
  | { kind: 'fraud' }
  | { kind: 'failed'; message: string };

export interface OrderState {
  step: OrderStep;
  group: ServiceGroupKey | null;
  selection: OrderSelection | null;
  outcome: OrderOutcome | null;
}

export const initialOrderState: OrderState = { step: 0, group: null, selection: null, outcome: null };

/** A new summary for a product: everything at its default. */
export const newSelection = (pid: number): OrderSelection => ({
  pid,
  cycle: null,
  configoptions: [],
  os: null,
  domain: '',
  quantity: 1,
  storageVpsId: null,
  sshKeyIds: [],
  promoCode: '',
  promo: null,
  paymentmethod: null,
  notes: '',
  termsAccepted: false,
});

/** The id of a configure route (`/order/vps/{id}`), or null when it names no product. */
export function routeProductId(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d{1,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

/** Step 0 chose a service type: its product list follows. */
export const chooseServiceType = (group: ServiceGroupKey): OrderState => ({
  step: 1,
  group,
  selection: null,
  outcome: null,
});

/** Going to step 0 resets the chosen group (and with it everything chosen after). */
export const goToServiceType = (): OrderState => initialOrderState;

export type OrderIndexView = 'service-type' | 'server-list';

/**
 * What /order shows and the state it leaves: the product list of the chosen group (entering it
 * clears the stored summary and selection), or the service types when no group is chosen (step 1
 * without a group falls back to step 0).
 */
export function enterOrderIndex(state: OrderState): { state: OrderState; view: OrderIndexView } {
  if (state.step >= 1 && state.group) {
    return { state: chooseServiceType(state.group), view: 'server-list' };
  }
  return { state: goToServiceType(), view: 'service-type' };
}

export type ConfigureEntry =
  /** No product id: back to step 0. */
  | { kind: 'restart' }
  /** The route does not match the chosen product: back to /order. */
  | { kind: 'elsewhere' }
  | { kind: 'configure'; state: OrderState };

/**
 * Opening a configure route: from step 0 or 1 it moves to step 2 with a new summary for the
 * route's product; later steps stay, as long as the route is the chosen product's.
 */
export function enterConfigure(state: OrderState, routePid: number | null): ConfigureEntry {
  if (routePid === null) return { kind: 'restart' };
  if (state.step <= 1 || !state.selection) {
    return {
      kind: 'configure',
      state: { step: 2, group: state.group, selection: newSelection(routePid), outcome: null },
    };
  }
  if (state.selection.pid !== routePid) return { kind: 'elsewhere' };
  return { kind: 'configure', state };
}

/** Where clicking a step label leads; null for a label that cannot be clicked now. */
export type StepLabelTarget = 'service-type' | 'server-list' | 'configure';

/**
 * The first label always returns to /order (step 0); from step 2 on, the second returns to /order
 * (the product list); at step 3 the third goes back to the configure page.
 */
export function stepLabelTarget(label: OrderStep, current: OrderStep): StepLabelTarget | null {
  if (label === 0) return 'service-type';
  if (label === 1 && current >= 2) return 'server-list';
  if (label === 2 && current === 3) return 'configure';
  return null;
}

/** Continue moves to the checkout when the step is below 3 or the user is logged in. */
export function continueToCheckout(state: OrderState, loggedIn: boolean): OrderState {
  return state.step < 3 || loggedIn ? { ...state, step: 3, outcome: null } : state;
}

export const backToConfigure = (state: OrderState): OrderState => ({ ...state, step: 2, outcome: null });

/** The order was answered: step 4 with its outcome. */
export const finishOrder = (state: OrderState, outcome: OrderOutcome): OrderState => ({
  ...state,
  step: 4,
  outcome,
});

export function updateSelection(state: OrderState, patch: Partial<Omit<OrderSelection, 'pid'>>): OrderState {
  return state.selection ? { ...state, selection: { ...state.selection, ...patch } } : state;
}

// Reading the stored state back: sessionStorage holds whatever was written, possibly by an older
// build; anything that does not have the expected shape starts the wizard over.

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;
const isStep = (value: unknown): value is OrderStep =>
  value === 0 || value === 1 || value === 2 || value === 3 || value === 4;

function readPromo(value: unknown): PromoResponse | null {
  if (!isRecord(value)) return null;
  const { code, type, value: amount, recurring, recurfor, cycles } = value;
  if (typeof code !== 'string' || (type !== 'Percentage' && type !== 'Fixed Amount')) return null;
  if (typeof amount !== 'string' || typeof recurring !== 'boolean' || typeof cycles !== 'string') return null;
  if (!Number.isSafeInteger(recurfor)) return null;
  return {
    code,
    type,
    value: amount,
    recurring,
    recurfor: recurfor as number,
    cycles,
    prefix: '$',
    suffix: ' USD',
  };
}

function readSelection(value: unknown): OrderSelection | null {
  if (!isRecord(value) || !isId(value.pid)) return null;
  const defaults = newSelection(value.pid);
  const cycle = billingCycles.find((name) => name === value.cycle) ?? null;
  const configoptions = Array.isArray(value.configoptions)
    ? value.configoptions.filter(
        (option): option is OrderConfigOption =>
          isRecord(option) &&
          isId(option.id) &&
          Number.isSafeInteger(option.optionid) &&
          (option.optionid as number) >= 0,
      )
    : [];
  const quantity =
    Number.isSafeInteger(value.quantity) && (value.quantity as number) >= 1 ? (value.quantity as number) : 1;
  return {
    ...defaults,
    cycle,
    configoptions: configoptions.map(({ id, optionid }) => ({ id, optionid })),
    os: typeof value.os === 'string' ? value.os : null,
    domain: typeof value.domain === 'string' ? value.domain : '',
    quantity,
    storageVpsId: isId(value.storageVpsId) ? value.storageVpsId : null,
    sshKeyIds: Array.isArray(value.sshKeyIds) ? value.sshKeyIds.filter(isId) : [],
    promoCode: typeof value.promoCode === 'string' ? value.promoCode : '',
    promo: readPromo(value.promo),
    paymentmethod:
      typeof value.paymentmethod === 'string' && isPaymentGateway(value.paymentmethod)
        ? value.paymentmethod
        : null,
    notes: typeof value.notes === 'string' ? value.notes : '',
    termsAccepted: value.termsAccepted === true,
  };
}

function readOutcome(value: unknown): OrderOutcome | null {
  if (!isRecord(value)) return null;
  if (value.kind === 'placed' && isId(value.orderid) && isId(value.invoiceid)) {
    return { kind: 'placed', orderid: value.orderid, invoiceid: value.invoiceid };
  }
  if (value.kind === 'fraud') return { kind: 'fraud' };
  if (value.kind === 'failed' && typeof value.message === 'string')
    return { kind: 'failed', message: value.message };
  return null;
}

/**
 * The state kept in sessionStorage, read back. An unknown group is logged and starts over (portal
 * spec §2: "An unknown group logs an error").
 */
export function readOrderState(raw: string | null): OrderState {
  if (raw === null) return initialOrderState;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return initialOrderState;
  }
  if (!isRecord(value) || !isStep(value.step)) return initialOrderState;
  if (value.group !== null && !isServiceGroupKey(value.group)) {
    console.error(`Unknown order group: ${String(value.group)}`);
    return initialOrderState;
  }
  const { step, group } = value;
  if (step === 0 || (step === 1 && !group)) return initialOrderState;
  return { step, group, selection: readSelection(value.selection), outcome: readOutcome(value.outcome) };
}
