import { type ReactNode, useEffect } from 'react';
import { useNavigate } from '../../../lib/routing.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { ServiceLoadError } from '../components/service-load-error.tsx';
import { isAccessRedirect, useServiceAccessRedirect } from './use-service-access-redirect.ts';

interface ServerPageQuery {
  data?: unknown;
  error: unknown;
  isError: boolean;
  refetch: () => unknown;
}

interface ServerPageGateOptions {
  /** The service id of the route (0 when the route's id cannot name one) and the id as written. */
  id: number;
  raw: string;
  query: ServerPageQuery;
  /** The kind of service, as the breadcrumb names it. */
  type: string;
  /** What the failed-first-load panel says, e.g. 'We could not load this VPS.'. */
  context: string;
  /** The answer came but holds no server: treated like a 404. */
  missing?: boolean;
}

/**
 * What a server page shows before it has a server to show: a loader; for a server that is not
 * found, the way to /services/{id}, which shows the pending or not-found state (servers spec §2);
 * the access redirects of spec §6; or, when the first load failed, the panel with Try Again.
 * Null once there is data. A refresh that fails keeps what is shown (its toast says so).
 */
export function useServerPageGate({ id, raw, query, type, context, missing = false }: ServerPageGateOptions) {
  const navigate = useNavigate();
  useServiceAccessRedirect(query.error);
  const notFound = id === 0 || (isApiError(query.error) && query.error.status === 404) || missing;
  useEffect(() => {
    if (notFound) navigate(paths.service(encodeURIComponent(raw)), { replace: true });
  }, [notFound, navigate, raw]);

  let gate: ReactNode = null;
  if (notFound || isAccessRedirect(query.error)) gate = <PageLoader />;
  else if (query.data === undefined) {
    gate = query.isError ? (
      <ServiceLoadError type={type} serviceId={id} context={context} onRetry={() => void query.refetch()} />
    ) : (
      <PageLoader />
    );
  }
  return gate;
}
