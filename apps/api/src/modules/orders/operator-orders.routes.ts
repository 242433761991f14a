import { idParam, OperatorText, operatorOrderResponseSchema } from '@rackdesk/contract';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { callerOf } from '../../http/caller.ts';

const params = z.strictObject({ id: idParam(OperatorText.orderNotFound) });
const answers = {
  404: `No order has this id: '${OperatorText.orderNotFound}'`,
  409: `The order is not (or no longer) held for review: '${OperatorText.orderNotHeld}'`,
};

/**
 * The operator's review of orders the fraud check held (status Fraud). Two operators deciding at
 * once decide once: the second finds the order no longer held (409).
 */
export function operatorOrdersRoutes({ orders }: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/operator/orders/:id/accept',
      {
        config: { access: 'operator', answers },
        schema: {
          tags: ['operator'],
          summary: 'Accepts a held order: its invoice becomes Unpaid and due today, and is mailed',
          operationId: 'operatorAcceptOrder',
          params,
          response: { 200: operatorOrderResponseSchema },
        },
      },
      async (request) => {
        callerOf(request);
        const order = await orders.acceptHeldOrder(request.params.id);
        return {
          result: 'success' as const,
          message: OperatorText.orderAccepted,
          orderid: order.id,
          status: order.status,
        };
      },
    );

    app.post(
      '/operator/orders/:id/cancel',
      {
        config: { access: 'operator', answers },
        schema: {
          tags: ['operator'],
          summary: 'Cancels a held order: its services are Cancelled and its stock and promotion use return',
          operationId: 'operatorCancelOrder',
          params,
          response: { 200: operatorOrderResponseSchema },
        },
      },
      async (request) => {
        callerOf(request);
        const order = await orders.cancelHeldOrder(request.params.id);
        return {
          result: 'success' as const,
          message: OperatorText.orderCancelled,
          orderid: order.id,
          status: order.status,
        };
      },
    );
  };
}
