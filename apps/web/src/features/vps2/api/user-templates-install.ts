import { TOAST_MS } from '@rackdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { serviceQueryKey } from '../../../lib/service-queries.ts';
import { UserTemplatesToast } from '../utils/user-templates-toasts.ts';
import { userTemplateApiPaths } from './user-templates-keys.ts';

/**
 * `POST services/vps/v2/{id}/user-template/install {id}`: reinstalls the server from a template;
 * resolves to the new root password, shown once.
 */
export function useInstallUserTemplate(serviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (templateId: number) =>
      (
        await api.post<{ new_password: string }>(userTemplateApiPaths.install(serviceId), {
          id: templateId,
        })
      ).new_password,
    onSuccess: async () => {
      notify(UserTemplatesToast.restoreSent, 'success', TOAST_MS.template);
      // The server is being rebuilt (locked): the page's detail follows.
      await queryClient.invalidateQueries({ queryKey: serviceQueryKey(serviceId) });
    },
    onError: () => notify(UserTemplatesToast.restoreFailed, 'error', TOAST_MS.template),
  });
}
