import { invoiceListQuerySchema, invoiceListResponseSchema } from '@rackdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { requirePermission } from '../../http/policy.ts';

export function billingRoutes({ billing }: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/invoices',
      {
        schema: {
          tags: ['billing'],
          querystring: invoiceListQuerySchema,
          response: { 200: invoiceListResponseSchema },
        },
      },
      (request) => billing.listInvoices(requirePermission(request, 'billing'), request.query.relid),
    );
  };
}
