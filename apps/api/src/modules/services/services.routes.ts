import {
  cancelServiceRequestSchema,
  messageResponseSchema,
  PAGING_DESCRIPTION,
  serviceDetailResponseSchema,
  serviceIdParamsSchema,
  serviceListQuerySchema,
  serviceListResponseSchema,
  serviceSortColumns,
} from '@rackdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { callerOf } from '../../http/caller.ts';

const tags = ['services'];

export function servicesRoutes({ services }: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/services',
      {
        config: { access: { permission: 'services' } },
        schema: {
          tags,
          summary: "Lists the account's services (a sub-account sees those of its whitelist)",
          description:
            `${PAGING_DESCRIPTION} \`sort\`: ${serviceSortColumns.join(', ')} (by id when absent), \`order\`: asc (default) or desc; ` +
            'ties are broken by id in the same order. `show_all`: `true` lists inactive services too (a page holds only Active, ' +
            'Pending and Suspended services without it), `false` leaves them out (the whole list has them all without it). ' +
            '`q` matches the domain, product, IP address, status or product group.',
          operationId: 'listServices',
          querystring: serviceListQuerySchema,
          response: { 200: serviceListResponseSchema },
        },
      },
      (request) => services.list(callerOf(request), request.query),
    );

    app.get(
      '/services/:id',
      {
        config: { access: 'service' },
        schema: {
          tags,
          summary: 'Shows one service with its billing details',
          operationId: 'getService',
          params: serviceIdParamsSchema,
          response: { 200: serviceDetailResponseSchema },
        },
      },
      (request) => services.get(callerOf(request), request.params.id),
    );

    app.post(
      '/services/:id/cancel',
      {
        config: {
          access: 'service',
          answers: {
            409: 'The service cannot be cancelled in its status, or a cancellation request is already pending.',
          },
        },
        schema: {
          tags,
          summary: 'Requests the cancellation of a service, immediately or at the end of its billing period',
          operationId: 'requestServiceCancellation',
          params: serviceIdParamsSchema,
          body: cancelServiceRequestSchema,
          response: { 200: messageResponseSchema },
        },
      },
      async (request) => {
        await services.requestCancellation(callerOf(request), request.params.id, request.body);
        return { message: 'Cancellation request submitted.' };
      },
    );

    app.delete(
      '/services/:id/cancel',
      {
        config: {
          access: 'service',
          answers: {
            409: 'No cancellation request is pending, or the service is past the point where it can be voided.',
          },
        },
        schema: {
          tags,
          summary: "Voids a service's pending cancellation request",
          operationId: 'voidServiceCancellation',
          params: serviceIdParamsSchema,
          response: { 200: messageResponseSchema },
        },
      },
      async (request) => {
        await services.voidCancellation(callerOf(request), request.params.id);
        return { message: 'Cancellation request voided successfully.' };
      },
    );
  };
}
