import type { FastifyInstance } from 'fastify';
import type { SimContext } from '../context.ts';
import { registerAuth, TicketAuthority } from './auth.ts';
import { registerProxmoxControl } from './control.ts';
import { registerPveConventions } from './pve-http.ts';
import { registerAccessRoutes } from './routes/access.ts';
import { registerClusterRoutes } from './routes/cluster.ts';
import { registerNodeRoutes } from './routes/nodes.ts';
import { registerNodeTaskRoutes } from './routes/node-tasks.ts';
import { registerQemuAgentRoutes } from './routes/qemu-agent.ts';
import { registerQemuConfigRoutes } from './routes/qemu-config.ts';
import { registerQemuLifecycleRoutes } from './routes/qemu-lifecycle.ts';
import { registerQemuStatusRoutes } from './routes/qemu-status.ts';
import { registerStorageRoutes } from './routes/storage.ts';

const PREFIX = '/api2/json';

/**
 * The simulated Proxmox VE API (a simulator for demos and tests, not a hypervisor): the subset of
 * `/api2/json` that Rackdesk's VPS v2 and storage-block adapter uses, and the calls generic clients
 * start with (version, nodes, sign-in), behind Proxmox's authentication, plus the control
 * endpoints under `/_control/proxmox`. See docs/proxmox.md.
 */
export async function registerProxmox(app: FastifyInstance, ctx: SimContext): Promise<void> {
  registerProxmoxControl(app, ctx);
  const tickets = new TicketAuthority(ctx);
  await app.register(
    async (api) => {
      registerPveConventions(api, PREFIX);
      registerAuth(api, ctx, tickets, PREFIX);
      registerAccessRoutes(api, ctx, tickets);
      registerClusterRoutes(api, ctx);
      registerNodeRoutes(api, ctx);
      registerNodeTaskRoutes(api, ctx);
      registerQemuStatusRoutes(api, ctx);
      registerQemuAgentRoutes(api, ctx);
      registerQemuConfigRoutes(api, ctx);
      registerQemuLifecycleRoutes(api, ctx);
      registerStorageRoutes(api, ctx);
    },
    { prefix: PREFIX },
  );
}
