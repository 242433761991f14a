/** API paths of the first-generation VPS (servers spec §7), relative to /api. */
export const vpsApiPaths = {
  isos: '/services/vps/iso',
  isoAdd: '/services/vps/iso/add',
  iso: (isoId: number) => `/services/vps/iso/${isoId}`,
  detail: (id: number) => `/services/vps/${id}`,
  hostname: (id: number) => `/services/vps/${id}/hostname`,
  power: (id: number, action: 'restart' | 'start' | 'powerOff') => `/services/vps/${id}/${action}`,
  stats: (id: number, month: string) => `/services/vps/${id}/stats/${month}`,
  templates: (id: number) => `/services/vps/${id}/templates`,
  insert: (id: number) => `/services/vps/${id}/insert`,
  boot: (id: number) => `/services/vps/${id}/boot`,
  rebuild: (id: number) => `/services/vps/${id}/rebuild`,
  resetPassword: (id: number) => `/services/vps/${id}/reset-password`,
  vnc: (id: number) => `/services/vps/${id}/vnc`,
} as const;
