import { z } from 'zod';

/*
 * The operator API beyond tickets (users with the operator role; the operator console comes
 * later): the review of orders the fraud check held (`POST operator/orders/{id}/accept`,
 * `POST operator/orders/{id}/cancel`) and another try at a service's setup that gave up
 * (`POST operator/services/{id}/provisioning/retry`).
 */

export const OperatorText = {
  orderNotFound: 'This order was not found.',
  orderNotHeld: 'This order is not held for review.',
  orderAccepted:
    'The order is accepted: its invoice is due today and the services are set up once it is paid.',
  orderCancelled: 'The order is cancelled: its stock and promotion use are given back.',
  serviceNotFound: 'No setup of this service was found.',
  nothingToRetry: "This service's setup has not failed: there is nothing to retry.",
  retryQueued: "The service's setup is queued again.",
} as const;

export const operatorOrderResponseSchema = z.object({
  result: z.literal('success'),
  message: z.string(),
  orderid: z.number().int(),
  /** The order's status after the decision: Pending (accepted) or Cancelled. */
  status: z.string(),
});
export type OperatorOrderResponse = z.infer<typeof operatorOrderResponseSchema>;

export const operatorRetryResponseSchema = z.object({ result: z.literal('success'), message: z.string() });
