import type { SubAccount, SubAccountListResponse } from '@rackdesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { accountKeys, subAccountsApiPath } from './keys.ts';

export const getSubAccounts = async (): Promise<SubAccount[]> =>
  (await api.get<SubAccountListResponse>(subAccountsApiPath)).sub_accounts;

export const subAccountsQuery = () =>
  queryOptions({ queryKey: accountKeys.subAccounts(), queryFn: getSubAccounts });

/** `GET sub-accounts`: the owner's sub-accounts with their permissions, services and mail choices. */
export function useSubAccounts() {
  return useQuery(subAccountsQuery());
}
