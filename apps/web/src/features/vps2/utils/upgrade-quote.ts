import {
  BILLING_CYCLE_MONTHS,
  monthlyPriceCents,
  type PlanSpec,
  parsePlanSpec,
  type ProductSummary,
  ProductGroup,
  prorateUpgrade,
  type ServiceListItem,
  type UpgradeCharge,
  upgradeOptions,
  upgradePlanOf,
} from '@rackdesk/contract';
import { formatMemoryMb, formatNumber } from '../../../lib/units.ts';

/**
 * The Upgrade VM modal's figures (servers spec §4 "Upgrade"), from the same contract helpers the
 * server charges with, so that what the page shows is what the invoice says.
 */

/** The Upgrade VM button shows only for an Active plan named DW-{n}G or DW-CPU-{n}G. */
export function isUpgradable(billing: Pick<ServiceListItem, 'status' | 'name'>): boolean {
  return billing.status === 'Active' && upgradePlanOf(billing.name) !== null;
}

/** The product group a service was bought in, by the group's name; undefined for unknown groups. */
export function productGroupIdOf(groupname: string): number | undefined {
  return Object.values(ProductGroup).find((group) => group.name === groupname)?.id;
}

export interface UpgradeQuote {
  pid: number;
  name: string;
  spec: PlanSpec;
  monthlyCents: number;
  /** What the upgrade invoice charges now; null when the service has no period to prorate. */
  charge: UpgradeCharge | null;
  /** The service's recurring amount after the upgrade, per billing cycle. */
  newRecurringCents: number;
}

const amountToCents = (amount: string) => {
  const value = Number(amount);
  return Number.isFinite(value) ? Math.round(value * 100) : 0;
};

/**
 * The current plan as a product: its catalogue entry when the group still sells it, otherwise
 * (a plan no longer on sale) its name and the monthly share of the recurring amount.
 */
function currentProduct(
  billing: ServiceListItem,
  gid: number,
  groupProducts: ProductSummary[],
): ProductSummary {
  const listed = groupProducts.find((product) => product.pid === billing.pid);
  if (listed) return listed;
  const months = BILLING_CYCLE_MONTHS[billing.billingcycle] ?? 1;
  const monthly = (amountToCents(billing.recurringamount) / months / 100).toFixed(2);
  return {
    pid: billing.pid,
    gid,
    name: billing.name,
    description: '',
    pricing: { USD: { prefix: '$', suffix: ' USD', monthly } },
  };
}

/**
 * The larger plans of the service's family in its group, smallest first, each with what it gives,
 * its price and the prorated charge for the rest of the current billing period.
 */
export function upgradeQuotes(
  billing: ServiceListItem,
  groupProducts: ProductSummary[],
  /** 'YYYY-MM-DD' (UTC), as the server counts days. */
  today: string,
): UpgradeQuote[] {
  const gid = productGroupIdOf(billing.groupname);
  if (gid === undefined || !upgradePlanOf(billing.name)) return [];
  const current = currentProduct(billing, gid, groupProducts);
  const currentMonthlyCents = monthlyPriceCents(current);
  if (currentMonthlyCents === null) return [];
  const nextDueDate = /^\d{4}-\d{2}-\d{2}$/.test(billing.nextduedate) ? billing.nextduedate : null;
  return upgradeOptions(current, groupProducts).map((product) => {
    const monthlyCents = monthlyPriceCents(product)!;
    const charge = prorateUpgrade({
      currentMonthlyCents,
      targetMonthlyCents: monthlyCents,
      billingCycle: billing.billingcycle,
      nextDueDate,
      today,
    });
    return {
      pid: product.pid,
      name: product.name,
      spec: parsePlanSpec(product.description)!,
      monthlyCents,
      charge,
      newRecurringCents: amountToCents(billing.recurringamount) + (charge?.recurringDeltaCents ?? 0),
    };
  });
}

/** Today in UTC as 'YYYY-MM-DD'. */
export const todayUtc = (now: Date = new Date()) => now.toISOString().slice(0, 10);

/** Disk and transfer are sold in GB of 1000 (servers spec §9): 160 → '160 GB', 8000 → '8 TB'. */
const formatSoldGb = (gb: number) =>
  gb >= 1000 ? `${formatNumber(gb / 1000)} TB` : `${formatNumber(gb)} GB`;

/** What a plan gives, for the option list: ['6 vCPU Cores', '8 GB RAM', '160 GB Storage', '8 TB Bandwidth']. */
export function planSpecParts(spec: PlanSpec): string[] {
  const parts = [
    `${spec.cores} vCPU ${spec.cores === 1 ? 'Core' : 'Cores'}`,
    `${formatMemoryMb(spec.memoryMb)} RAM`,
    `${formatSoldGb(spec.diskGb)} Storage`,
  ];
  if (spec.bandwidthGb === 0) parts.push('Unlimited Bandwidth');
  else if (spec.bandwidthGb !== null) parts.push(`${formatSoldGb(spec.bandwidthGb)} Bandwidth`);
  return parts;
}
