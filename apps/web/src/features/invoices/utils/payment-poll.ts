import { type InvoiceStatus, isPayable } from '@rackdesk/contract';

export const PAYMENT_POLL_MS = 3000;
/** How long after coming back from a gateway the page waits for its callback. */
export const PAYMENT_POLL_FOR_MS = 60_000;

/**
 * How often the invoice page asks again after a gateway sent the browser back with success=true:
 * every 3 s for a minute while the invoice is still unpaid, so Paid shows as soon as the gateway's
 * callback has landed; not at all otherwise.
 */
export function paymentPollMs(
  status: InvoiceStatus | undefined,
  reportedSuccess: boolean,
  elapsedMs: number,
): number | false {
  if (!reportedSuccess || elapsedMs >= PAYMENT_POLL_FOR_MS) return false;
  return status === undefined || isPayable(status) ? PAYMENT_POLL_MS : false;
}
