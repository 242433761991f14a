import { type CancelServiceRequest, TOAST_MS } from '@rackdesk/contract';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { serviceListQueryKey, serviceQueryKey } from '../../../lib/service-queries.ts';

const invalidateService = (queryClient: QueryClient, serviceId: number) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: serviceQueryKey(serviceId) }),
    queryClient.invalidateQueries({ queryKey: serviceListQueryKey }),
  ]);

/** Request or void a cancellation; both refresh the list and the detail (tags and banners). */
export function useRequestCancellation(serviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CancelServiceRequest) => api.post(apiPaths.serviceCancel(serviceId), body),
    onSuccess: () => notify('Cancellation request submitted.', 'success', TOAST_MS.cancellation),
    onError: () =>
      notify('An error occurred while submitting the cancellation request.', 'error', TOAST_MS.cancellation),
    onSettled: () => invalidateService(queryClient, serviceId),
  });
}

export function useVoidCancellation(serviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete(apiPaths.serviceCancel(serviceId)),
    onSuccess: () => notify('Cancellation request voided successfully.', 'success', TOAST_MS.cancellation),
    onError: () => notify('Failed to void cancellation request.', 'error', TOAST_MS.cancellation),
    onSettled: () => invalidateService(queryClient, serviceId),
  });
}
