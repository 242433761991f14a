import type { FastifyInstance } from 'fastify';
import type { SimContext } from '../context.ts';
import { registerControl } from './control.ts';
import { registerRoutes } from './routes.ts';
import { virtualizorState } from './state.ts';

/**
 * The simulated Virtualizor end-user API (`/index.php`) with its control endpoints
 * (`/_control/virtualizor/...`). See apps/datacenter/docs/virtualizor.md.
 */
export function registerVirtualizor(app: FastifyInstance, ctx: SimContext): void {
  const state = virtualizorState(ctx);
  registerRoutes(app, ctx, state);
  registerControl(app, ctx, state);
}
