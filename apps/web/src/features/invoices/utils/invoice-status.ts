import type { InvoiceStatus } from '@rackdesk/contract';

/** Paid is shown green, every other status red (portal spec §4), in shades that keep 4.5:1. */
export const invoiceStatusColor = (status: InvoiceStatus): string =>
  status === 'Paid' ? '#1e6b30' : 'red.8';

/** Today's date in UTC (YYYY-MM-DD), the calendar the server's due dates are in. */
export const todayUtc = (now: Date = new Date()): string => now.toISOString().slice(0, 10);
