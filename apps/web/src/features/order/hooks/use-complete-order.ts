import type { OrderRequest } from '@rackdesk/contract';
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from '../../../lib/routing.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { newIdempotencyKey } from '../../../lib/idempotency-key.ts';
import { notify } from '../../../lib/notify.ts';
import { paths } from '../../../lib/paths.ts';
import { usePlaceOrder } from '../api/place-order.ts';
import { orderStore } from '../store/order-store.ts';
import { orderFailure } from '../utils/order-failure.ts';
import { finishOrder } from '../utils/order-state.ts';

export interface CompleteOrder {
  complete: (request: OrderRequest) => void;
  isPending: boolean;
  /** A 422's message, shown in the summary. */
  serverError: string | null;
  clearServerError: () => void;
}

/**
 * Complete Order (portal spec §4 "Order flow", §8 "Order"): `POST billing/order`, then
 * - success: step 4, the stored order forgotten, on to the invoice with the order banner;
 * - 400: the fraud check held it (fraudCheckPass false): the product page at step 4, Fraud Alert;
 * - 403: 'Your email address is not verified.' as an error toast (or the details the gateway
 *   needs, through `onDetailsRequired`; or the server's own reason);
 * - 422: the server's message in the summary;
 * - anything else: the product page at step 4 with the error.
 * The same request sent again after an answer that never arrived carries the same
 * Idempotency-Key, so the server places it once.
 */
export function useCompleteOrder(pid: number, onDetailsRequired: () => void): CompleteOrder {
  const { mutate, isPending } = usePlaceOrder();
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const attempt = useRef<{ body: string; key: string } | null>(null);

  const complete = useCallback(
    (request: OrderRequest) => {
      const body = JSON.stringify(request);
      if (attempt.current?.body !== body) attempt.current = { body, key: newIdempotencyKey() };
      setServerError(null);
      mutate(
        { order: request, idempotencyKey: attempt.current.key },
        {
          onSuccess: (response) => {
            attempt.current = null;
            orderStore().set((current) =>
              finishOrder(current, {
                kind: 'placed',
                orderid: response.orderid,
                invoiceid: response.invoiceid,
              }),
            );
            orderStore().clear();
            navigate(paths.orderPlaced(response));
          },
          onError: (error) => {
            // An answer came: the next press is a new request. Without one, the key stays.
            if (isApiError(error)) attempt.current = null;
            const failure = orderFailure(error);
            if (failure.kind === 'details-required') onDetailsRequired();
            else if (failure.kind === 'toast') notify(failure.message, 'error');
            else if (failure.kind === 'summary') setServerError(failure.message);
            else if (failure.kind === 'fraud' || failure.kind === 'failed') {
              orderStore().set((current) =>
                finishOrder(
                  current,
                  failure.kind === 'fraud' ? failure : { kind: 'failed', message: failure.message },
                ),
              );
              navigate(paths.orderProduct(pid));
            }
          },
        },
      );
    },
    [mutate, navigate, onDetailsRequired, pid],
  );

  return {
    complete,
    isPending,
    serverError,
    clearServerError: useCallback(() => setServerError(null), []),
  };
}
