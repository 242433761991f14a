import { ErrorCode, invoiceListQuerySchema, invoiceListResponseSchema } from '@rackdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { requirePermission } from '../../http/policy.ts';
import { refusedFor } from '../../http/route-answers.ts';

export function billingRoutes({ billing }: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/invoices',
      {
        config: {
          access: { permission: 'billing' },
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
          tags: ['billing'],
          summary: "Lists the account's invoices, or those of one service",
          operationId: 'listInvoices',
          querystring: invoiceListQuerySchema,
          response: { 200: invoiceListResponseSchema },
        },
      },
      (request) => billing.listInvoices(requirePermission(request, 'billing'), request.query.relid),
    );
  };
}
