import { RDNS_TIMEOUT_MS, type RdnsResponse, type RdnsType } from '@rackdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { rdnsApi, rdnsKeys } from './keys.ts';

/** Gives up after the spec's 30 s, or earlier when the query itself is cancelled. */
function withTimeout(signal: AbortSignal): AbortSignal {
  return AbortSignal.any([signal, AbortSignal.timeout(RDNS_TIMEOUT_MS)]);
}

export async function getRdns(
  serviceId: number,
  type: RdnsType,
  ips: readonly string[],
  signal: AbortSignal,
) {
  const query = new URLSearchParams({ ip_list: ips.join(','), type });
  const answer = await api.get<RdnsResponse>(`${rdnsApi.entries(serviceId)}?${query}`, {
    signal: withTimeout(signal),
  });
  return answer.entries;
}

/** `GET services/{id}/rdns?ip_list=...&type=...` for the editable addresses (none: no call). */
export function useRdns(serviceId: number, type: RdnsType, ips: readonly string[]) {
  return useQuery({
    queryKey: rdnsKeys.entries(serviceId, type, ips),
    queryFn: ({ signal }) => getRdns(serviceId, type, ips, signal),
    enabled: ips.length > 0,
    retry: false,
  });
}
