import {
  PAGING_DESCRIPTION,
  addFundsRequestSchema,
  addFundsResponseSchema,
  ErrorCode,
  invoiceCreditRequestSchema,
  invoiceCreditResponseSchema,
  invoiceDetailSchema,
  invoiceIdParamsSchema,
  invoiceListQuerySchema,
  invoiceListResponseSchema,
  paymentMethodsResponseSchema,
} from '@rackdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { callerOf } from '../../http/caller.ts';
import { refusedFor } from '../../http/route-answers.ts';
import { fundsAnswer } from './billing.service.ts';

const tags = ['billing'];
/** A file, not JSON: documented as binary, and sent as it is (Fastify serialises no Buffer). */
const invoicePdfSchema = z.any().meta({ type: 'string', format: 'binary', description: 'The PDF file.' });
const billingAccess = { permission: 'billing' } as const;
const unknownInvoice = "No such invoice on this account: another account's invoice is a 404 too.";

/** The account's invoices, credit and deposits (portal spec §7 Invoices and payments). */
export function billingRoutes({ billing }: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/invoices',
      {
        config: {
          access: billingAccess,
          answers: {
            403: refusedFor(
              ErrorCode.permissionRequired,
              [ErrorCode.serviceAccessDenied, "`relid` names a service outside the sub-account's whitelist"],
              ErrorCode.accountClosed,
            ),
            404: '`relid` names no service of this account.',
          },
        },
        schema: {
          tags,
          summary: "Lists the account's invoices, or those of one service; all of them or one page",
          description:
            `${PAGING_DESCRIPTION} Invoices are listed newest first (by date, ties by id). Without paging parameters the answer ` +
            "still has `totalresults`, `startnumber` and `numreturned`, without cursors. `relid` keeps one service's invoices; " +
            "`status` one status as shown; `due=true` only Unpaid and Overdue invoices (the dashboard's card); `q` an " +
            'invoice number (its leading digits) or the start of a status.',
          operationId: 'listInvoices',
          querystring: invoiceListQuerySchema,
          response: { 200: invoiceListResponseSchema },
        },
      },
      (request) => billing.listInvoices(callerOf(request), request.query),
    );

    app.post(
      '/invoices/funds',
      {
        config: {
          access: billingAccess,
          idempotent: true,
          idempotentAnswer: async (_request, ref) => fundsAnswer(Number(ref)),
          answers: {
            422: 'The amount is missing, not a number of dollars with at most two decimals, below $10 or above $5,000, or would take the credit with the unpaid deposits above $5,000 (`errors.amount`).',
          },
        },
        schema: {
          tags,
          summary: 'Raises an Add Funds invoice, whose payment becomes credit',
          description:
            'Deposits are non-refundable. The invoice is due today, with the account’s default gateway.',
          operationId: 'addFunds',
          body: addFundsRequestSchema,
          response: { 200: addFundsResponseSchema },
        },
      },
      (request) => billing.addFunds(callerOf(request), request.body.amount, request.idempotencyKey),
    );

    app.get(
      '/invoices/:id',
      {
        config: { access: billingAccess, answers: { 404: unknownInvoice } },
        schema: {
          tags,
          summary: 'One invoice with its items and transactions',
          operationId: 'getInvoice',
          params: invoiceIdParamsSchema,
          response: { 200: invoiceDetailSchema },
        },
      },
      (request) => billing.invoice(callerOf(request), request.params.id),
    );

    app.get(
      '/invoices/:id/pdf',
      {
        config: { access: billingAccess, answers: { 404: unknownInvoice } },
        schema: {
          tags,
          summary: 'One invoice as a PDF file, for download',
          description:
            'Answers `application/pdf` with `Content-Disposition: attachment; filename="invoice-<id>.pdf"`.',
          operationId: 'getInvoicePdf',
          produces: ['application/pdf'],
          params: invoiceIdParamsSchema,
          response: { 200: invoicePdfSchema },
        },
      },
      async (request, reply) => {
        const { filename, pdf } = await billing.invoicePdf(callerOf(request), request.params.id);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="${filename}"`)
          .send(pdf);
      },
    );

    const creditChange = {
      config: {
        access: billingAccess,
        idempotent: true,
        answers: {
          404: unknownInvoice,
          422: 'The amount is not a positive number of dollars with at most two decimals, or above the maximum (`Amount cannot exceed $…`), or the invoice does not allow the change (`errors.amount`); or `invoiceid` is not the invoice of the path.',
        },
      },
      schema: {
        tags,
        params: invoiceIdParamsSchema,
        body: invoiceCreditRequestSchema,
        response: { 200: invoiceCreditResponseSchema },
      },
    };

    app.post(
      '/invoices/:id/apply-credit',
      {
        ...creditChange,
        config: {
          ...creditChange.config,
          idempotentAnswer: (request, ref) => billing.creditApplied(callerOf(request), Number(ref)),
        },
        schema: {
          ...creditChange.schema,
          summary: "Pays part or all of an invoice from the account's credit",
          description:
            'For an Unpaid, Overdue or Refunded invoice without Add Funds items; at most the smaller of the credit and the balance. Paying the whole balance makes the invoice Paid.',
          operationId: 'applyInvoiceCredit',
        },
      },
      (request) =>
        billing.applyCredit(callerOf(request), request.params.id, request.body, request.idempotencyKey),
    );

    app.post(
      '/invoices/:id/remove-credit',
      {
        ...creditChange,
        config: {
          ...creditChange.config,
          idempotentAnswer: (request, ref) => billing.creditRemoved(callerOf(request), Number(ref)),
        },
        schema: {
          ...creditChange.schema,
          summary: 'Gives credit applied to an invoice back to the account',
          description:
            'For an unpaid invoice due in the future whose items are all Hosting; at most the credit applied.',
          operationId: 'removeInvoiceCredit',
        },
      },
      (request) =>
        billing.removeCredit(callerOf(request), request.params.id, request.body, request.idempotencyKey),
    );

    app.get(
      '/billing/payment-methods',
      {
        config: { access: 'signedIn' },
        schema: {
          tags,
          summary: 'The payment gateways this installation takes, with their display names',
          operationId: 'listPaymentMethods',
          response: { 200: paymentMethodsResponseSchema },
        },
      },
      () => billing.paymentMethods(),
    );
  };
}
