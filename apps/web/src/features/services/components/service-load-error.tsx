import { Stack } from '@mantine/core';
import { ErrorPanel } from '../../../components/error-panel.tsx';
import { ServiceBreadcrumb } from './service-breadcrumb.tsx';

interface ServiceLoadErrorProps {
  /** The kind of service, as the breadcrumb names it. */
  type?: string;
  serviceId: number;
  /** A phrase naming what failed, e.g. 'We could not load this VPS.'. */
  context: string;
  onRetry: () => void;
}

/** A service page whose first load failed: the breadcrumb under the service's id, and Try Again. */
export function ServiceLoadError({ type, serviceId, context, onRetry }: ServiceLoadErrorProps) {
  return (
    <Stack gap="lg">
      <ServiceBreadcrumb type={type} current={String(serviceId)} />
      <ErrorPanel context={context} onRetry={onRetry} />
    </Stack>
  );
}
