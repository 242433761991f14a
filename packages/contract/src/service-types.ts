/**
 * Product groups of the catalogue and the service type derived from a group's name
 * (servers spec §3 "Derived service type"). Server and web app both decide here, and only here.
 */
export const ProductGroup = {
  ddosProtectedVps: { id: 5, name: 'DDoS Protected VPS' },
  virtualServers: { id: 6, name: 'Virtual Servers' },
  cloudVpsNewYork: { id: 19, name: 'Cloud VPS - New York' },
  cloudVpsChicago: { id: 25, name: 'Cloud VPS - Chicago' },
  instantDedicatedNewYork: { id: 23, name: 'Instant Dedicated Servers - New York' },
  instantDedicatedChicago: { id: 22, name: 'Instant Dedicated Servers - Chicago' },
  dedicatedNewYork: { id: 21, name: 'Dedicated Servers - New York' },
  dedicatedChicago: { id: 24, name: 'Dedicated Servers - Chicago' },
  storageBlock: { id: 20, name: 'Storage Block' },
  additionalServices: { id: 30, name: 'Additional Services' },
} as const;

export const serviceTypes = ['vps', 'proxmox', 'dedicated', 'storage', 'misc'] as const;
export type ServiceType = (typeof serviceTypes)[number];

/** The service type of each product group; any other group is misc. */
export const serviceGroupTypes: ReadonlyMap<string, ServiceType> = new Map<string, ServiceType>([
  [ProductGroup.ddosProtectedVps.name, 'vps'],
  [ProductGroup.virtualServers.name, 'vps'],
  [ProductGroup.cloudVpsNewYork.name, 'proxmox'],
  [ProductGroup.cloudVpsChicago.name, 'proxmox'],
  [ProductGroup.instantDedicatedNewYork.name, 'dedicated'],
  [ProductGroup.instantDedicatedChicago.name, 'dedicated'],
  [ProductGroup.dedicatedNewYork.name, 'dedicated'],
  [ProductGroup.dedicatedChicago.name, 'dedicated'],
  [ProductGroup.storageBlock.name, 'storage'],
]);

export function serviceTypeOf(groupname: string): ServiceType {
  return serviceGroupTypes.get(groupname) ?? 'misc';
}

/** What the UI calls each type (breadcrumbs, type column). */
export const serviceTypeLabel: Record<ServiceType, string> = {
  vps: 'VPS',
  proxmox: 'Proxmox VPS',
  dedicated: 'Dedicated',
  storage: 'Storage Block',
  misc: 'Miscellaneous',
};

const pageOf: Record<ServiceType, (id: number) => string> = {
  vps: (id) => `/services/vps/${id}`,
  proxmox: (id) => `/services/vps/v2/${id}`,
  dedicated: (id) => `/services/dedicated/${id}`,
  storage: (id) => `/services/storage/${id}`,
  misc: (id) => `/services/${id}`,
};

/**
 * The web app's page of a service: pending services open the generic page, the others their
 * type's page (servers spec §2). Mails link to it too.
 */
export function servicePath(service: { id: number; status: string; groupname: string }): string {
  if (service.status === 'Pending') return `/services/${service.id}`;
  return pageOf[serviceTypeOf(service.groupname)](service.id);
}
