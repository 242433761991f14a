import type { FastifyInstance } from 'fastify';
import type { SimContext } from '../context.ts';
import { requireApiKey } from './auth.ts';
import { registerConsolePage } from './console.ts';
import { registerTenantosControl } from './control.ts';
import { registerPowerRoutes } from './power-routes.ts';
import { registerProvisioningRoutes } from './provisioning-routes.ts';
import { registerRdnsRoutes } from './rdns-routes.ts';
import { registerServerListRoutes } from './server-list-routes.ts';
import { registerServerRoutes } from './server-routes.ts';

/**
 * The simulated Tenantos API (dedicated servers): the `/api/servers/...` subset Rackdesk's
 * adapter uses, behind the Bearer API key; plus the console page tickets open and the control
 * API that seeds servers. See apps/datacenter/docs/tenantos.md.
 */
export function registerTenantos(app: FastifyInstance, ctx: SimContext): void {
  registerConsolePage(app, ctx);
  registerTenantosControl(app, ctx);
  void app.register(async (api) => {
    api.addHook('onRequest', requireApiKey(ctx));
    registerServerListRoutes(api, ctx);
    registerServerRoutes(api, ctx);
    registerRdnsRoutes(api, ctx);
    registerPowerRoutes(api, ctx);
    registerProvisioningRoutes(api, ctx);
  });
}
