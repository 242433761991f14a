import { TOAST_MS, type Vps2UserTemplate } from '@rackdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { serviceQueryKey } from '../../../lib/service-queries.ts';
import { USER_TEMPLATE_LIMIT_CODE, UserTemplatesToast } from '../utils/user-templates-toasts.ts';
import { userTemplateApiPaths } from './user-templates-keys.ts';

/**
 * `POST services/vps/v2/{id}/user-template/create {custom_name}`: the template starts pending.
 * 'User Template Limit Reached' is shown as the server says it; any other failure is
 * 'Failed to create template.' (servers spec §8).
 */
export function useCreateUserTemplate(serviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (customName: string) =>
      api.post<{ message: string; user_template: Vps2UserTemplate }>(userTemplateApiPaths.create(serviceId), {
        custom_name: customName,
      }),
    onSuccess: () => notify(UserTemplatesToast.creating, 'success', TOAST_MS.template),
    onError: (error) =>
      notify(
        isApiError(error) && error.code === USER_TEMPLATE_LIMIT_CODE
          ? UserTemplatesToast.limitReached
          : UserTemplatesToast.createFailed,
        'error',
        TOAST_MS.template,
      ),
    // The new template is listed, and the reinstall dialog's list of custom templates changes.
    onSettled: () => queryClient.invalidateQueries({ queryKey: serviceQueryKey(serviceId) }),
  });
}
