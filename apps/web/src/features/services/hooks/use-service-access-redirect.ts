import { ErrorCode } from '@rackdesk/contract';
import { useEffect } from 'react';
import { useNavigate } from '../../../lib/routing.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { paths } from '../../../lib/paths.ts';

export const SERVICE_ACCESS_DENIED_TOAST = 'You do not have access to this service';

/** Whether a failed service load is handled by sending the user elsewhere (no panel shown). */
export function isAccessRedirect(error: unknown): boolean {
  return (
    isApiError(error) &&
    error.status === 403 &&
    (error.code === ErrorCode.serviceAccessDenied || error.code === ErrorCode.permissionRequired)
  );
}

/**
 * A sub-account outside its whitelist goes to /services with the spec's toast; one without the
 * services permission goes to /dashboard (servers spec §6). The router already keeps the latter
 * out, so this covers permissions changed while the page was open.
 */
export function useServiceAccessRedirect(error: unknown) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!isAccessRedirect(error) || !isApiError(error)) return;
    if (error.code === ErrorCode.serviceAccessDenied) {
      notify(SERVICE_ACCESS_DENIED_TOAST, 'error');
      navigate(paths.services, { replace: true });
    } else {
      navigate(paths.dashboard, { replace: true });
    }
  }, [error, navigate]);
}
