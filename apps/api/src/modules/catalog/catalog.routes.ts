import { productGroupParamsSchema, productGroupResponseSchema } from '@rackdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { CatalogService } from './catalog.service.ts';

/** The catalogue (API.md "product group"); guests browse it as well. */
export function catalogRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const catalog = new CatalogService(ctx.database);
  return async (app) => {
    app.get(
      '/billing/products/:groupId',
      {
        schema: {
          tags: ['catalog'],
          security: [],
          params: productGroupParamsSchema,
          response: { 200: productGroupResponseSchema },
        },
      },
      (request) => catalog.productGroup(request.params.groupId),
    );
  };
}
