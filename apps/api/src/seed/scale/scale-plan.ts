/**
 * How many rows the scale seed writes and which id ranges each group of accounts takes. Ids are
 * given, not drawn from the sequences, so that every set-based statement can compute a row's
 * owner, service or invoice from its position alone instead of joining back to find it.
 */

export interface ScaleSizes {
  /** Customer accounts, the two known accounts included. */
  customers: number;
  services: number;
  invoices: number;
  /** Tickets of each ordinary customer. */
  ticketsPerCustomer: number;
  /** The big known account's services, invoices and tickets. */
  bigServices: number;
  bigInvoices: number;
  bigTickets: number;
}

/** The issue's figures: a million services, ten million invoices. */
export const ISSUE_SIZES: ScaleSizes = {
  customers: 100_000,
  services: 1_000_000,
  invoices: 10_000_000,
  ticketsPerCustomer: 2,
  bigServices: 5_000,
  bigInvoices: 20_000,
  bigTickets: 300,
};

/** The small known account: a handful of services and a few dozen invoices. */
export const SMALL_ACCOUNT = { services: 5, invoices: 36, tickets: 3 } as const;

/** A range of accounts with the services, invoices and tickets shared among them. */
export interface AccountGroup {
  name: 'small' | 'big' | 'customers';
  firstUserId: number;
  userCount: number;
  firstServiceId: number;
  serviceCount: number;
  /**
   * The group's last services are new orders, Pending or held as Fraud, with only their order's
   * invoice; the other invoices are shared evenly by the rest, most recent period first.
   */
  newOrderCount: number;
  firstInvoiceId: number;
  invoiceCount: number;
  firstTicketId: number;
  ticketCount: number;
}

export interface ScalePlan {
  sizes: ScaleSizes;
  groups: AccountGroup[];
  /** The support operator who answers every ticket (one account beyond the customers). */
  staffUserId: number;
  tickets: number;
}

/** Share of the ordinary customers' services that are fresh orders (Pending, or held as Fraud). */
const NEW_ORDER_SHARE = 0.003;

/** The tid of a ticket is derived from its id by a bijection on six digits, so it must stay below that. */
export const MAX_TICKETS = 999_999;

/** Splits the sizes into the small account, the big account and everyone else; throws on sizes that cannot be met. */
export function planScale(sizes: ScaleSizes): ScalePlan {
  for (const [name, value] of Object.entries(sizes)) {
    if (!Number.isSafeInteger(value) || value < 0) throw new Error(`--${kebab(name)} must be a whole number`);
  }
  const ordinary = {
    users: sizes.customers - 2,
    services: sizes.services - SMALL_ACCOUNT.services - sizes.bigServices,
    invoices: sizes.invoices - SMALL_ACCOUNT.invoices - sizes.bigInvoices,
  };
  if (ordinary.users < 0 || ordinary.services < 0 || ordinary.invoices < 0) {
    throw new Error(
      `the two known accounts alone take 2 customers, ${SMALL_ACCOUNT.services + sizes.bigServices} services and ` +
        `${SMALL_ACCOUNT.invoices + sizes.bigInvoices} invoices: ask for at least that many`,
    );
  }
  if (ordinary.services > 0 && ordinary.users === 0)
    throw new Error('services beyond the known accounts need more customers');
  if (ordinary.invoices > 0 && ordinary.services === 0)
    throw new Error('invoices beyond the known accounts need more services');
  if (sizes.bigInvoices > 0 && sizes.bigServices === 0)
    throw new Error('the big account needs services for its invoices');

  const counts = [
    { name: 'small', users: 1, ...SMALL_ACCOUNT },
    {
      name: 'big',
      users: 1,
      services: sizes.bigServices,
      invoices: sizes.bigInvoices,
      tickets: sizes.bigTickets,
    },
    { name: 'customers', ...ordinary, tickets: ordinary.users * sizes.ticketsPerCustomer },
  ] as const;
  const next = { user: 1, service: 1, invoice: 1, ticket: 1 };
  const groups = counts.map((count): AccountGroup => {
    const group = {
      name: count.name,
      firstUserId: next.user,
      userCount: count.users,
      firstServiceId: next.service,
      serviceCount: count.services,
      newOrderCount:
        count.name === 'customers' && count.services > 1
          ? Math.min(Math.floor(count.services * NEW_ORDER_SHARE), count.invoices, count.services - 1)
          : 0,
      firstInvoiceId: next.invoice,
      invoiceCount: count.invoices,
      firstTicketId: next.ticket,
      ticketCount: count.tickets,
    };
    next.user += count.users;
    next.service += count.services;
    next.invoice += count.invoices;
    next.ticket += count.tickets;
    return group;
  });
  const tickets = next.ticket - 1;
  if (tickets > MAX_TICKETS)
    throw new Error(`at most ${MAX_TICKETS} tickets (six-digit numbers); lower --tickets-per-customer`);
  return { sizes, groups, staffUserId: next.user, tickets };
}

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
