import type { Vps2StatsRange } from '@rackdesk/contract';
import { apiPaths } from '../../../lib/paths.ts';

/** API paths of VPS v2 (servers spec §7 "VPS v2") that the page's own calls use, relative to /api. */
export const vps2ApiPaths = {
  isos: '/services/vps/v2/iso',
  isoAdd: '/services/vps/v2/iso/add',
  /** ISO ids hold ':' and '/': they travel URL-encoded. */
  iso: (isoId: string) => `/services/vps/v2/iso/${encodeURIComponent(isoId)}`,
  detail: (id: number) => apiPaths.vps2Server(id),
  hostname: (id: number) => `/services/vps/v2/${id}/hostname`,
  power: (id: number, action: 'restart' | 'start' | 'powerOff') => `/services/vps/v2/${id}/${action}`,
  insert: (id: number) => `/services/vps/v2/${id}/insert`,
  boot: (id: number) => `/services/vps/v2/${id}/boot`,
  stats: (id: number, range: Vps2StatsRange) => `/services/vps/v2/${id}/stats/${range}`,
  templates: (id: number) => `/services/vps/v2/${id}/templates`,
  rebuild: (id: number) => `/services/vps/v2/${id}/rebuild`,
  resetPassword: (id: number) => `/services/vps/v2/${id}/reset-password`,
} as const;
