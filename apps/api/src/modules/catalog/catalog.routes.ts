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
        config: { access: 'public', answers: { 404: 'No such product group, or a hidden one.' } },
        schema: {
          tags: ['catalog'],
          summary: "Lists a product group's products with their options, prices and stock",
          operationId: 'getProductGroup',
          params: productGroupParamsSchema,
          response: { 200: productGroupResponseSchema },
        },
      },
      (request) => catalog.productGroup(request.params.groupId),
    );
  };
}
