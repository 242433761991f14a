import { type ServiceListItem, type ServiceType, serviceTypeOf } from '@rackdesk/contract';

const pageOf: Record<ServiceType, (id: number) => string> = {
  vps: (id) => `/services/vps/${id}`,
  proxmox: (id) => `/services/vps/v2/${id}`,
  dedicated: (id) => `/services/dedicated/${id}`,
  storage: (id) => `/services/storage/${id}`,
  misc: (id) => `/services/${id}`,
};

/** Pending services open the generic page; the others their type's page (servers spec §2). */
export function servicePath(service: Pick<ServiceListItem, 'id' | 'status' | 'groupname'>): string {
  if (service.status === 'Pending') return `/services/${service.id}`;
  return pageOf[serviceTypeOf(service.groupname)](service.id);
}
