import type { DedicatedTemplatesResponse } from '@rackdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { dedicatedApi, dedicatedKeys } from './keys.ts';

/** `GET services/dedicated/{id}/templates`: reinstall, rescue and password-reset templates. */
export function useDedicatedTemplates(serviceId: number) {
  return useQuery({
    queryKey: dedicatedKeys.templates(serviceId),
    queryFn: async () =>
      (await api.get<DedicatedTemplatesResponse>(dedicatedApi.templates(serviceId))).templates,
    staleTime: 5 * 60_000,
  });
}
