import type { FastifyInstance } from 'fastify';
import type { SimContext } from '../context.ts';
import { registerTokenAuth } from './auth.ts';
import { registerProxmoxControl } from './control.ts';
import { registerPveErrorHandler } from './pve-http.ts';
import { registerClusterRoutes } from './routes/cluster.ts';
import { registerNodeTaskRoutes } from './routes/node-tasks.ts';
import { registerQemuAgentRoutes } from './routes/qemu-agent.ts';
import { registerQemuConfigRoutes } from './routes/qemu-config.ts';
import { registerQemuLifecycleRoutes } from './routes/qemu-lifecycle.ts';
import { registerQemuStatusRoutes } from './routes/qemu-status.ts';
import { registerStorageRoutes } from './routes/storage.ts';

/**
 * The simulated Proxmox VE API (a simulator for demos and tests, not a hypervisor): the subset of
 * `/api2/json` that Rackdesk's VPS v2 and storage-block adapter uses, behind API-token
 * authentication, plus the control endpoints under `/_control/proxmox`. See docs/proxmox.md.
 */
export async function registerProxmox(app: FastifyInstance, ctx: SimContext): Promise<void> {
  registerProxmoxControl(app, ctx);
  await app.register(
    async (api) => {
      registerTokenAuth(api, ctx);
      registerPveErrorHandler(api);
      registerClusterRoutes(api, ctx);
      registerNodeTaskRoutes(api, ctx);
      registerQemuStatusRoutes(api, ctx);
      registerQemuAgentRoutes(api, ctx);
      registerQemuConfigRoutes(api, ctx);
      registerQemuLifecycleRoutes(api, ctx);
      registerStorageRoutes(api, ctx);
    },
    { prefix: '/api2/json' },
  );
}
