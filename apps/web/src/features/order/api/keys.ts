import { apiPaths } from '../../../lib/paths.ts';

/** Query keys of the order wizard. */
export const orderKeys = {
  all: ['order'] as const,
  group: (groupId: number) => [...orderKeys.all, 'group', groupId] as const,
  product: (pid: number) => [...orderKeys.all, 'product', pid] as const,
  osTemplates: (pid: number) => [...orderKeys.all, 'os-templates', pid] as const,
  userTemplates: () => [...orderKeys.all, 'user-templates'] as const,
  vpsStatus: (serviceId: number) => [...orderKeys.all, 'vps-status', serviceId] as const,
};

/** Paths of the order calls (portal spec §7 Order; API.md), relative to /api. */
export const orderApiPaths = {
  group: (groupId: number) => `/billing/products/${groupId}`,
  product: (pid: number) => `/billing/products/product/${pid}`,
  osTemplates: (pid: number) => `/billing/os-templates/${pid}`,
  promo: (pid: number, code: string) => `/billing/promo/${pid}/${encodeURIComponent(code)}`,
  order: '/billing/order',
  userTemplates: apiPaths.vps2UserTemplates,
  vps2Server: apiPaths.vps2Server,
} as const;
