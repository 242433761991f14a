import type { Vps2UserTemplate } from '@rackdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { orderApiPaths, orderKeys } from './keys.ts';

/**
 * The account's VPS v2 user templates (`GET services/vps/v2/user-template/list`): a new VPS can be
 * installed from one as its 'Custom Template' (portal spec §2, §7). Only finished ones can.
 */
export const getUserTemplates = async () =>
  (await api.get<{ user_templates: Vps2UserTemplate[] }>(orderApiPaths.userTemplates)).user_templates.filter(
    (template) => template.status === 'completed',
  );

export function useUserTemplates(enabled: boolean) {
  return useQuery({ queryKey: orderKeys.userTemplates(), queryFn: getUserTemplates, enabled });
}
