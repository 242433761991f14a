import { serviceQueryKey } from '../../../lib/service-queries.ts';

/**
 * Query keys of the Backups tab. All start with the service's key, so a live event about the
 * service (a backup or restore finished) refreshes them.
 */
export const backupKeys = {
  all: (serviceId: number) => [...serviceQueryKey(serviceId), 'vps2', 'backups'] as const,
  status: (serviceId: number) => [...backupKeys.all(serviceId), 'status'] as const,
  list: (serviceId: number) => [...backupKeys.all(serviceId), 'list'] as const,
  schedule: (serviceId: number) => [...backupKeys.all(serviceId), 'schedule'] as const,
};

/** API paths of a VPS v2's backups (servers spec §7), relative to /api. */
export const backupApiPaths = {
  check: (id: number) => `/services/vps/v2/${id}/backup/check`,
  list: (id: number) => `/services/vps/v2/${id}/backups`,
  schedule: (id: number) => `/services/vps/v2/${id}/backup/schedule`,
  toggle: (id: number) => `/services/vps/v2/${id}/backup/toggle`,
  trigger: (id: number) => `/services/vps/v2/${id}/backup/trigger`,
  delete: (id: number) => `/services/vps/v2/${id}/backup/delete`,
  restore: (id: number) => `/services/vps/v2/${id}/backup/restore`,
} as const;
