import {
  cancelServiceRequestSchema,
  messageResponseSchema,
  serviceDetailResponseSchema,
  serviceIdParamsSchema,
  serviceListResponseSchema,
} from '@rackdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { requirePermission } from '../../http/policy.ts';

export function servicesRoutes({ services }: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/services',
      { schema: { tags: ['services'], response: { 200: serviceListResponseSchema } } },
      (request) => services.list(requirePermission(request, 'services')),
    );

    app.get(
      '/services/:id',
      {
        schema: {
          tags: ['services'],
          params: serviceIdParamsSchema,
          response: { 200: serviceDetailResponseSchema },
        },
      },
      (request) => services.get(requirePermission(request, 'services'), request.params.id),
    );

    app.post(
      '/services/:id/cancel',
      {
        schema: {
          tags: ['services'],
          params: serviceIdParamsSchema,
          body: cancelServiceRequestSchema,
          response: { 200: messageResponseSchema },
        },
      },
      async (request) => {
        await services.requestCancellation(
          requirePermission(request, 'services'),
          request.params.id,
          request.body,
        );
        return { message: 'Cancellation request submitted.' };
      },
    );

    app.delete(
      '/services/:id/cancel',
      {
        schema: {
          tags: ['services'],
          params: serviceIdParamsSchema,
          response: { 200: messageResponseSchema },
        },
      },
      async (request) => {
        await services.voidCancellation(requirePermission(request, 'services'), request.params.id);
        return { message: 'Cancellation request voided successfully.' };
      },
    );
  };
}
