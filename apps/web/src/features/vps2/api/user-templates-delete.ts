import { TOAST_MS } from '@rackdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { serviceQueryKey } from '../../../lib/service-queries.ts';
import { UserTemplatesToast } from '../utils/user-templates-toasts.ts';
import { userTemplateApiPaths } from './user-templates-keys.ts';

/** `POST services/vps/v2/user-template/delete {id}`. */
export function useDeleteUserTemplate(serviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (templateId: number) =>
      api.post<{ message: string }>(userTemplateApiPaths.delete, { id: templateId }),
    onSuccess: () => notify(UserTemplatesToast.deleted, 'success', TOAST_MS.template),
    onError: () => notify(UserTemplatesToast.deleteFailed, 'error', TOAST_MS.template),
    // The list, and the reinstall dialog's custom templates.
    onSettled: () => queryClient.invalidateQueries({ queryKey: serviceQueryKey(serviceId) }),
  });
}
