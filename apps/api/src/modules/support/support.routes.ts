import { ticketListResponseSchema } from '@rackdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { requirePermission } from '../../http/policy.ts';

export function supportRoutes({ support }: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/support',
      { schema: { tags: ['support'], response: { 200: ticketListResponseSchema } } },
      (request) => support.listTickets(requirePermission(request, 'support')),
    );
  };
}
