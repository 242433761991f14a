import type { TwoFactorStatusResponse } from '@rackdesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { accountKeys } from './keys.ts';

export const twoFactorApiPath = '/2fa';

export const getTwoFactor = () => api.get<TwoFactorStatusResponse>(twoFactorApiPath);

export const twoFactorQuery = () =>
  queryOptions({ queryKey: accountKeys.twoFactor(), queryFn: getTwoFactor });

/** `GET 2fa`: the method in use, a change waiting for its code, and the recovery codes left. */
export function useTwoFactor() {
  return useQuery(twoFactorQuery());
}
