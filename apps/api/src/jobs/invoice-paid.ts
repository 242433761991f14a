import type { AppContext } from '../app-context.ts';
import { INVOICE_PAID_JOB, type InvoicePaidJobData } from '../modules/billing/invoice-settlement.ts';
import type { JobDefinition } from './job-queue.ts';

/** Runs once per invoice that became Paid (enqueued by the payment's own transaction). */
export function invoicePaidJob(ctx: AppContext): JobDefinition<InvoicePaidJobData> {
  return {
    name: INVOICE_PAID_JOB,
    options: { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 300 },
    handler: ({ invoiceId }) => ctx.invoicePaid.apply(invoiceId),
  };
}
