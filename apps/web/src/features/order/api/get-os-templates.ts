import type { OsTemplate, OsTemplatesResponse } from '@rackdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { orderApiPaths, orderKeys } from './keys.ts';

export const getOsTemplates = async (pid: number): Promise<OsTemplate[]> =>
  (await api.get<OsTemplatesResponse>(orderApiPaths.osTemplates(pid))).data;

/** `GET billing/os-templates/{pid}`: the operating systems a VPS product installs. */
export function useOsTemplates(pid: number) {
  return useQuery({
    queryKey: orderKeys.osTemplates(pid),
    queryFn: () => getOsTemplates(pid),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
