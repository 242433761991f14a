import { ticketListResponseSchema } from '@rackdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { requirePermission } from '../../http/policy.ts';

export function supportRoutes({ support }: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/support',
      {
        config: { access: { permission: 'support' } },
        schema: {
          tags: ['support'],
          summary: "Lists the account's support tickets",
          operationId: 'listTickets',
          response: { 200: ticketListResponseSchema },
        },
      },
      (request) => support.listTickets(requirePermission(request, 'support')),
    );
  };
}
