import { ISSUE_SIZES, type ScaleSizes } from './scale-plan.ts';

/**
 * Sizes when no flag is given: a tenth of the issue's customers and services, enough for the big
 * account (5,000 services, 20,000 invoices) to sit among others, seeded in well under a minute.
 */
export const DEFAULT_SIZES: ScaleSizes = {
  ...ISSUE_SIZES,
  customers: 10_000,
  services: 100_000,
  invoices: 500_000,
};

const flags: Record<keyof ScaleSizes, string> = {
  customers: 'customers',
  services: 'services',
  invoices: 'invoices',
  ticketsPerCustomer: 'tickets-per-customer',
  bigServices: 'big-services',
  bigInvoices: 'big-invoices',
  bigTickets: 'big-tickets',
};

/** Reads the size flags (digits only, like every number this project accepts); the rest keep their default. */
export function parseSizes(values: Partial<Record<string, string | boolean | undefined>>): ScaleSizes {
  const sizes = { ...DEFAULT_SIZES };
  for (const [key, flag] of Object.entries(flags) as [keyof ScaleSizes, string][]) {
    const value = values[flag];
    if (value === undefined) continue;
    if (typeof value !== 'string' || !/^\d{1,9}$/.test(value)) {
      throw new Error(`--${flag} takes a whole number (digits only)`);
    }
    sizes[key] = Number(value);
  }
  return sizes;
}

export const describeSizes = (sizes: ScaleSizes) =>
  `Seeding ${sizes.customers} customers, ${sizes.services} services, ${sizes.invoices} invoices ` +
  `(big account: ${sizes.bigServices} services, ${sizes.bigInvoices} invoices, ${sizes.bigTickets} tickets)`;
