import {
  osTemplatesResponseSchema,
  productGroupParamsSchema,
  productGroupResponseSchema,
  productParamsSchema,
  promoParamsSchema,
  promoResponseSchema,
  singleProductResponseSchema,
} from '@rackdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { CatalogService } from './catalog.service.ts';

const tags = ['catalog'];
const productNotFound = 'No such product, or one not on sale (hidden).';

/** The catalogue (API.md "product group", "single product", "OS templates"); guests browse it as well. */
export function catalogRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const catalog = new CatalogService(ctx.database, ctx.rateLimiter);
  return async (app) => {
    app.get(
      '/billing/products/:groupId',
      {
        config: { access: 'public', answers: { 404: 'No such product group, or a hidden one.' } },
        schema: {
          tags,
          summary: "Lists a product group's products with their options, prices and stock",
          description:
            'Products on sale only, in catalogue order. Prices per cycle are two-decimal USD amounts; a cycle not offered is `-1.00`. Options hidden from customers are left out; a hidden choice of a visible option is listed with `hidden: true` (shown as unavailable, not orderable).',
          operationId: 'getProductGroup',
          params: productGroupParamsSchema,
          response: { 200: productGroupResponseSchema },
        },
      },
      (request) => catalog.productGroup(request.params.groupId),
    );

    app.get(
      '/billing/products/product/:pid',
      {
        config: { access: 'public', answers: { 404: productNotFound } },
        schema: {
          tags,
          summary: 'Reads one product on sale with its options, prices and stock',
          description: 'The product is `products.product[0]`, in the shape of the product group list.',
          operationId: 'getProduct',
          params: productParamsSchema,
          response: { 200: singleProductResponseSchema },
        },
      },
      (request) => catalog.productOnSale(request.params.pid),
    );

    app.get(
      '/billing/os-templates/:pid',
      {
        config: { access: 'public', answers: { 404: productNotFound } },
        schema: {
          tags,
          summary: 'Lists the operating systems a product is ordered with, and the disk layouts of each',
          description:
            'A VPS order names one of these in its `custom_os_id` custom field. Empty for a product ordered without an OS template.',
          operationId: 'listProductOsTemplates',
          params: productParamsSchema,
          response: { 200: osTemplatesResponseSchema },
        },
      },
      (request) => catalog.osTemplates(request.params.pid),
    );

    app.get(
      '/billing/promo/:productId/:code',
      {
        config: {
          access: 'public',
          answers: {
            404: '`Promo code invalid`: unknown, not started, expired, used up or not valid for this product; or no such product on sale.',
            429: 'Too many wrong codes from this address; `Retry-After` says when to try again.',
          },
        },
        schema: {
          tags,
          summary: 'Checks a promotion code for a product and describes its discount',
          description:
            'The code is matched case-insensitively. Whether it suits the chosen billing cycle is for the client to check with `cycles` (empty: every cycle); the order is priced by the server again.',
          operationId: 'getPromoCode',
          params: promoParamsSchema,
          response: { 200: promoResponseSchema },
        },
      },
      (request) => catalog.promoForOrderPage(request.params.productId, request.params.code, request.ip),
    );
  };
}
