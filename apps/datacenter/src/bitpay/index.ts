import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { SimContext } from '../context.ts';
import type { CallbackSender } from '../payment-sandbox/callbacks.ts';
import { formatCents } from '../payment-sandbox/money.ts';
import { detailList, escapeHtml, originOf, postButton, sendPage } from '../payment-sandbox/pages.ts';

const invoiceStatuses = ['new', 'paid', 'confirmed', 'complete', 'expired', 'invalid'] as const;
type InvoiceStatus = (typeof invoiceStatuses)[number];

interface BitpayInvoice {
  id: string;
  /** The invoice's own token (distinct from the merchant's API token). */
  token: string;
  guid: string;
  price: number;
  currency: string;
  orderId: string | null;
  posData: string | null;
  itemDesc: string | null;
  notificationURL: string | null;
  redirectURL: string | null;
  closeURL: string | null;
  buyer: Record<string, unknown> | null;
  status: InvoiceStatus;
  invoiceTime: number;
  expirationTime: number;
}

const bitpayState = (ctx: SimContext) =>
  ctx.store.section<{ invoices: Record<string, BitpayInvoice> }>('bitpay', () => ({ invoices: {} }));

const EXPIRY_MS = 15 * 60_000;
/** The IPN event of each status an invoice moves to. */
const events: Partial<Record<InvoiceStatus, { code: number; name: string }>> = {
  paid: { code: 1003, name: 'invoice_paidInFull' },
  expired: { code: 1004, name: 'invoice_expired' },
  confirmed: { code: 1005, name: 'invoice_confirmed' },
  complete: { code: 1006, name: 'invoice_completed' },
  invalid: { code: 1013, name: 'invoice_failedToConfirm' },
};

const httpUrl = z
  .string()
  .regex(/^https?:\/\/\S+$/)
  .max(2000);
const createSchema = z.object({
  token: z.string(),
  price: z.number().positive(),
  currency: z.string().regex(/^[A-Z]{3,4}$/),
  orderId: z.string().max(100).optional(),
  posData: z.string().max(100).optional(),
  itemDesc: z.string().max(100).optional(),
  notificationURL: httpUrl.optional(),
  redirectURL: httpUrl.optional(),
  closeURL: httpUrl.optional(),
  guid: z.string().optional(),
  buyer: z.record(z.string(), z.unknown()).optional(),
});

const newId = () => randomBytes(16).toString('base64url').replace(/[-_]/g, '').slice(0, 22);

/**
 * The simulated BitPay invoice API (a sandbox for demos and tests; no bitcoin moves): what
 * `bitpay-sdk`'s POS client calls (`POST /invoices`, `GET /invoices/{id}`, answers wrapped in
 * `{data}`), the invoice viewer at the invoice's `url`, and the unsigned IPN to `notificationURL`
 * whenever the status changes. A merchant must re-fetch the invoice: the IPN proves nothing.
 */
export function registerBitpay(app: FastifyInstance, ctx: SimContext, callbacks: CallbackSender): void {
  const apiError = (reply: FastifyReply, status: number, error: string) =>
    reply.code(status).send({ status: 'error', code: String(status), data: null, error });

  const current = (invoice: BitpayInvoice): BitpayInvoice => {
    if (invoice.status === 'new' && invoice.expirationTime <= ctx.clock.now()) {
      invoice.status = 'expired';
      ctx.store.save();
    }
    return invoice;
  };

  const moveTo = async (invoice: BitpayInvoice, status: InvoiceStatus, origin: string) => {
    invoice.status = status;
    ctx.store.save();
    const event = events[status];
    if (!invoice.notificationURL || !event) return;
    const body = JSON.stringify({ event, data: ipnData(invoice, origin) });
    await callbacks.send('bitpay', invoice.notificationURL, 'application/json', body);
  };

  app.post('/invoices', async (request, reply) => {
    const parsed = createSchema.safeParse(request.body);
    if (!parsed.success) return apiError(reply, 400, z.prettifyError(parsed.error));
    const input = parsed.data;
    if (input.token !== ctx.credentials.bitpay.token) return apiError(reply, 401, 'Invalid token');
    const now = ctx.clock.now();
    const invoice: BitpayInvoice = {
      id: newId(),
      token: randomBytes(24).toString('base64url'),
      guid: input.guid ?? randomBytes(16).toString('hex'),
      price: Math.round(input.price * 100) / 100,
      currency: input.currency,
      orderId: input.orderId ?? null,
      posData: input.posData ?? null,
      itemDesc: input.itemDesc ?? null,
      notificationURL: input.notificationURL ?? null,
      redirectURL: input.redirectURL ?? null,
      closeURL: input.closeURL ?? null,
      buyer: input.buyer ?? null,
      status: 'new',
      invoiceTime: now,
      expirationTime: now + EXPIRY_MS,
    };
    bitpayState(ctx).invoices[invoice.id] = invoice;
    ctx.store.save();
    return { facade: 'pos/invoice', data: present(invoice, originOf(request), now) };
  });

  app.get<{ Params: { id: string }; Querystring: { token?: string } }>(
    '/invoices/:id',
    async (request, reply) => {
      if (request.query.token !== ctx.credentials.bitpay.token) return apiError(reply, 401, 'Invalid token');
      const invoice = bitpayState(ctx).invoices[request.params.id];
      if (!invoice) return apiError(reply, 404, 'Object not found');
      return { facade: 'pos/invoice', data: present(current(invoice), originOf(request), ctx.clock.now()) };
    },
  );

  app.get<{ Params: { id: string } }>('/i/:id', async (request, reply) => {
    const found = bitpayState(ctx).invoices[request.params.id];
    if (!found) return sendPage(reply, 404, 'BitPay', '<h1>Invoice not found</h1>');
    const invoice = current(found);
    const actions =
      invoice.status === 'new'
        ? `${postButton(`/i/${invoice.id}/pay`, 'Pay', {}, true)}${postButton(`/i/${invoice.id}/expire`, 'Let it expire')}`
        : `<p>This invoice is ${escapeHtml(invoice.status)}.</p>`;
    return sendPage(
      reply,
      200,
      'BitPay invoice',
      `<h1>BitPay</h1>${detailList([
        ['Invoice', invoice.id],
        ['Item', invoice.itemDesc ?? ''],
        ['Amount', `${formatCents(Math.round(invoice.price * 100))} ${invoice.currency}`],
      ])}${actions}`,
    );
  });

  const viewerAction = (status: InvoiceStatus) => async (request: FastifyRequest, reply: FastifyReply) => {
    const found = bitpayState(ctx).invoices[(request.params as { id: string }).id];
    if (!found || current(found).status !== 'new') {
      return sendPage(reply, 409, 'BitPay', '<h1>This invoice is no longer open</h1>');
    }
    await moveTo(found, status, originOf(request));
    const back = status === 'confirmed' ? found.redirectURL : (found.closeURL ?? found.redirectURL);
    if (back) return reply.redirect(back, 303);
    return sendPage(reply, 200, 'BitPay', `<h1>Invoice ${escapeHtml(status)}</h1>`);
  };
  app.post('/i/:id/pay', viewerAction('confirmed'));
  app.post('/i/:id/expire', viewerAction('expired'));

  // Control API (not part of BitPay): any status, with its IPN.
  app.post<{ Params: { id: string } }>('/_control/bitpay/invoices/:id/status', async (request, reply) => {
    const parsed = z.object({ status: z.enum(invoiceStatuses) }).safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ message: z.prettifyError(parsed.error) });
    const invoice = bitpayState(ctx).invoices[request.params.id];
    if (!invoice) return reply.code(404).send({ message: 'Unknown invoice.' });
    await moveTo(invoice, parsed.data.status, originOf(request));
    return { invoice: present(invoice, originOf(request), ctx.clock.now()) };
  });
}

const paidStatuses: InvoiceStatus[] = ['paid', 'confirmed', 'complete'];

/** An invoice as the POS facade shows it. */
function present(invoice: BitpayInvoice, origin: string, now: number) {
  const paid = paidStatuses.includes(invoice.status);
  return {
    url: `${origin}/i/${invoice.id}`,
    posData: invoice.posData,
    status: invoice.status,
    price: invoice.price,
    currency: invoice.currency,
    itemDesc: invoice.itemDesc,
    orderId: invoice.orderId,
    invoiceTime: invoice.invoiceTime,
    expirationTime: invoice.expirationTime,
    currentTime: now,
    guid: invoice.guid,
    id: invoice.id,
    lowFeeDetected: false,
    amountPaid: paid ? Math.round(invoice.price * 100) : 0,
    displayAmountPaid: paid ? formatCents(Math.round(invoice.price * 100)) : '0',
    exceptionStatus: false,
    targetConfirmations: 6,
    transactions: [],
    transactionSpeed: 'medium',
    buyer: invoice.buyer ?? {},
    redirectURL: invoice.redirectURL,
    closeURL: invoice.closeURL,
    notificationURL: invoice.notificationURL,
    refundAddressRequestPending: false,
    isCancelled: false,
    token: invoice.token,
  };
}

/** The `data` of an IPN: a summary, which the merchant must confirm by fetching the invoice. */
function ipnData(invoice: BitpayInvoice, origin: string) {
  return {
    id: invoice.id,
    url: `${origin}/i/${invoice.id}`,
    posData: invoice.posData,
    status: invoice.status,
    price: invoice.price,
    currency: invoice.currency,
    invoiceTime: invoice.invoiceTime,
    exceptionStatus: false,
    orderId: invoice.orderId,
    amountPaid: paidStatuses.includes(invoice.status) ? Math.round(invoice.price * 100) : 0,
  };
}
