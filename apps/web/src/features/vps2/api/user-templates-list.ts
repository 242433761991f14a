import { VPS2_POLL_MS, type Vps2UserTemplate } from '@rackdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useFailureToast } from '../../../lib/use-failure-toast.ts';
import { UserTemplatesToast } from '../utils/user-templates-toasts.ts';
import { userTemplateApiPaths, userTemplateKeys } from './user-templates-keys.ts';

/** `GET services/vps/v2/user-template/list`: the account's user templates. */
export async function getUserTemplates(): Promise<Vps2UserTemplate[]> {
  return (await api.get<{ user_templates: Vps2UserTemplate[] }>(userTemplateApiPaths.list)).user_templates;
}

/** The user templates, polled every 30 s (servers spec §9) so a pending one is seen finishing. */
export function useUserTemplates(serviceId: number) {
  const query = useQuery({
    queryKey: userTemplateKeys.list(serviceId),
    queryFn: getUserTemplates,
    refetchInterval: VPS2_POLL_MS.templates,
  });
  useFailureToast(query, UserTemplatesToast.listFailed);
  return query;
}
