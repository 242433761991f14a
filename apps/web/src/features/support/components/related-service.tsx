import { Anchor } from '@mantine/core';
import { Link } from '../../../lib/routing.tsx';
import { paths } from '../../../lib/paths.ts';
import { usePermission } from '../../../lib/permissions.tsx';
import { useServices } from '../../../lib/service-list.ts';
import { useServiceWhitelist } from '../../../lib/service-whitelist.ts';

/** The ticket's service by name, linked to its page: for users who may open that page. */
function LinkedService({ serviceId }: { serviceId: number }) {
  const services = useServices();
  const service = services.data?.find((candidate) => candidate.id === serviceId);
  const label = service
    ? [service.name, service.domain].filter(Boolean).join(' · ')
    : `Service #${serviceId}`;
  return (
    <Anchor component={Link} to={paths.service(serviceId)} style={{ overflowWrap: 'anywhere' }}>
      {label}
    </Anchor>
  );
}

/**
 * The service a ticket is about. Its page (and its name, which comes from the service list) is
 * only for users with the services permission and the service in their whitelist (portal spec
 * §6); everyone else sees its number.
 */
export function RelatedService({ serviceId, signedIn }: { serviceId: number; signedIn: boolean }) {
  const mayOpenServices = usePermission('services');
  const isWhitelisted = useServiceWhitelist();
  if (signedIn && mayOpenServices && isWhitelisted(serviceId)) return <LinkedService serviceId={serviceId} />;
  return <>Service #{serviceId}</>;
}
