import { apiPaths } from '../../../lib/paths.ts';
import { serviceQueryKey } from '../../../lib/service-queries.ts';

/**
 * Query keys of the Templates tab. The list is the account's, but it is cached under the service
 * whose page shows it, so that a live event about that server (a template it made is done)
 * refreshes it.
 */
export const userTemplateKeys = {
  list: (serviceId: number) => [...serviceQueryKey(serviceId), 'vps2', 'user-templates'] as const,
};

/** API paths of user templates (servers spec §7), relative to /api. */
export const userTemplateApiPaths = {
  list: apiPaths.vps2UserTemplates,
  delete: '/services/vps/v2/user-template/delete',
  create: (id: number) => `/services/vps/v2/${id}/user-template/create`,
  install: (id: number) => `/services/vps/v2/${id}/user-template/install`,
} as const;
