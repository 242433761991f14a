import { PRICE_NOT_OFFERED, type ProductSummary } from './catalog.ts';

/**
 * VPS v2 plan upgrades (servers spec §4 "Upgrade"): which plans can be upgraded, to what, what the
 * new plan gives, and what the change costs for the rest of the billing period. The server charges
 * with these and the page shows the same figures before the customer confirms.
 */

export type UpgradeFamily = 'DW' | 'DW-CPU';

export interface UpgradePlan {
  family: UpgradeFamily;
  /** The n of DW-{n}G: the plan's memory in GB, which orders the plans of a family. */
  sizeGb: number;
}

/** The family and size of a plan named DW-{n}G or DW-CPU-{n}G; null for any other name. */
export function upgradePlanOf(productName: string): UpgradePlan | null {
  const match = /^DW-(CPU-)?([1-9]\d{0,4})G$/.exec(productName.trim());
  if (!match) return null;
  return { family: match[1] ? 'DW-CPU' : 'DW', sizeGb: Number(match[2]) };
}

export interface PlanSpec {
  cores: number;
  memoryMb: number;
  diskGb: number;
  /** Monthly transfer in GB: 0 for unlimited, null when the description does not say. */
  bandwidthGb: number | null;
}

const UNIT_GB: Record<string, number> = { MB: 1 / 1024, GB: 1, TB: 1000 };

/** '4 GB' → 4, '1.5 TB' → 1500 (GB; TB counted in thousands, as transfer and disks are sold). */
function sizeInGb(text: string): number | undefined {
  const match = /(\d+(?:\.\d+)?)\s*(MB|GB|TB)\b/i.exec(text);
  if (!match) return undefined;
  return Number(match[1]) * UNIT_GB[match[2]!.toUpperCase()]!;
}

/** The lines of a product description, without HTML tags or entities. */
function descriptionLines(description: string): string[] {
  return description
    .replace(/<br\s*\/?>|<\/(p|div|li)>/gi, '\n')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/gi, ' ')
    .replace(/&amp;/gi, '&')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

/**
 * What a plan gives, from its description lines such as '4 vCPU Cores', '8 GB RAM',
 * '160 GB NVMe Storage', '8 TB Bandwidth'. Null unless cores, memory and storage are all stated.
 */
export function parsePlanSpec(description: string): PlanSpec | null {
  let cores: number | undefined;
  let memoryGb: number | undefined;
  let diskGb: number | undefined;
  let bandwidthGb: number | null = null;
  for (const line of descriptionLines(description)) {
    if (/bandwidth|transfer|traffic/i.test(line)) {
      bandwidthGb = /unlimited|unmetered/i.test(line) ? 0 : (sizeInGb(line) ?? bandwidthGb);
    } else if (/\bram\b|memory/i.test(line)) {
      memoryGb ??= sizeInGb(line);
    } else if (/storage|disk|ssd|nvme|hdd/i.test(line)) {
      diskGb ??= sizeInGb(line);
    } else if (/\bcores?\b|\bv?cpus?\b|vcores?/i.test(line)) {
      const count = /(\d+)/.exec(line);
      cores ??= count ? Number(count[1]) : undefined;
    }
  }
  if (!cores || !memoryGb || !diskGb) return null;
  return { cores, memoryMb: Math.round(memoryGb * 1024), diskGb: Math.round(diskGb), bandwidthGb };
}

/** A product's monthly price in cents; null when it has none. */
export function monthlyPriceCents(product: ProductSummary): number | null {
  const { monthly } = product.pricing.USD;
  if (monthly === PRICE_NOT_OFFERED) return null;
  const amount = Number(monthly);
  return Number.isFinite(amount) && amount >= 0 ? Math.round(amount * 100) : null;
}

/**
 * The plans a product can be upgraded to: larger plans of its own family, among the products of
 * its group (same location), that have a monthly price and a description stating what they give.
 * Smallest first. None when the product itself is not an upgradable plan.
 */
export function upgradeOptions<P extends ProductSummary>(current: ProductSummary, groupProducts: P[]): P[] {
  const plan = upgradePlanOf(current.name);
  if (!plan) return [];
  return groupProducts
    .flatMap((product) => {
      const candidate = upgradePlanOf(product.name);
      const eligible =
        candidate !== null &&
        product.gid === current.gid &&
        candidate.family === plan.family &&
        candidate.sizeGb > plan.sizeGb &&
        monthlyPriceCents(product) !== null &&
        parsePlanSpec(product.description) !== null;
      return eligible ? [{ product, sizeGb: candidate.sizeGb }] : [];
    })
    .sort((a, b) => a.sizeGb - b.sizeGb)
    .map(({ product }) => product);
}

/** Months per billing cycle; cycles not listed (Free Account, One Time) have no period to prorate. */
export const BILLING_CYCLE_MONTHS: Readonly<Record<string, number>> = {
  Monthly: 1,
  Quarterly: 3,
  'Semi-Annually': 6,
  Annually: 12,
  Biennially: 24,
  Triennially: 36,
};

export interface UpgradeCharge {
  /** What the upgrade invoice charges: the price difference for the rest of the paid period. */
  amountCents: number;
  /** How much the recurring amount of the service grows per billing cycle. */
  recurringDeltaCents: number;
  /** The billing period the charge covers the rest of, as 'YYYY-MM-DD' (end exclusive). */
  periodStart: string;
  periodEnd: string;
  remainingDays: number;
  periodDays: number;
}

const DAY_MS = 86_400_000;

function parseDate(value: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return undefined;
  const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Date(time).toISOString().slice(0, 10) === value ? time : undefined;
}

/** A date plus whole months, keeping the day of the month where the month has it (Jan 31 + 1 → Feb 28). */
function addMonths(time: number, months: number): number {
  const date = new Date(time);
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  return Date.UTC(target.getUTCFullYear(), target.getUTCMonth(), Math.min(date.getUTCDate(), lastDay));
}

const isoDate = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * The prorated charge of a plan change: the difference of the monthly prices over the billing
 * cycle, times the share of the current period still to run. The current period is the cycle
 * that ends at the next due date, or, when that date has come, the cycle running today.
 * Null when the service has no recurring period (free, one-time, no next due date).
 */
export function prorateUpgrade(input: {
  currentMonthlyCents: number;
  targetMonthlyCents: number;
  billingCycle: string;
  /** 'YYYY-MM-DD'. */
  nextDueDate: string | null;
  /** 'YYYY-MM-DD' (UTC). */
  today: string;
}): UpgradeCharge | null {
  const months = BILLING_CYCLE_MONTHS[input.billingCycle];
  const due = input.nextDueDate === null ? undefined : parseDate(input.nextDueDate);
  const today = parseDate(input.today);
  if (!months || due === undefined || today === undefined) return null;

  let cycles = 0;
  while (addMonths(due, cycles * months) <= today) cycles += 1;
  const periodEnd = addMonths(due, cycles * months);
  const periodStart = addMonths(due, (cycles - 1) * months);
  const remainingDays = Math.round((periodEnd - today) / DAY_MS);
  const periodDays = Math.round((periodEnd - periodStart) / DAY_MS);
  const recurringDeltaCents = Math.max(0, input.targetMonthlyCents - input.currentMonthlyCents) * months;
  return {
    amountCents: Math.round((recurringDeltaCents * remainingDays) / periodDays),
    recurringDeltaCents,
    periodStart: isoDate(periodStart),
    periodEnd: isoDate(periodEnd),
    remainingDays,
    periodDays,
  };
}
