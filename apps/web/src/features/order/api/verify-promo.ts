import type { PromoResponse } from '@rackdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { orderApiPaths } from './keys.ts';

/** `GET billing/promo/{productId}/{code}`: the code's discount, or 404 for a code that does not hold. */
export const getPromo = ({ pid, code }: { pid: number; code: string }) =>
  api.get<PromoResponse>(orderApiPaths.promo(pid, code));

/** Verifying a promo code is an action of the customer: a mutation, so each Apply asks again. */
export function useVerifyPromo() {
  return useMutation({ mutationFn: getPromo });
}
