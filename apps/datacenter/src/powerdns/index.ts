import type { FastifyInstance } from 'fastify';
import type { SimContext } from '../context.ts';
import { registerApiKeyAuth } from './auth.ts';
import { registerJsonBodies } from './bodies.ts';
import { registerPowerDnsControl } from './control.ts';
import { registerPowerDnsReplies } from './replies.ts';
import { registerZoneRoutes } from './routes.ts';
import { powerDnsState } from './state.ts';

/**
 * The simulated PowerDNS Authoritative HTTP API (a simulator for demos and tests, not a name
 * server): the `/api/v1` subset Rackdesk's reverse-DNS adapter uses, behind the `X-API-Key`
 * check, plus the control endpoints under `/_control/powerdns`. See docs/powerdns.md.
 */
export async function registerPowerDns(app: FastifyInstance, ctx: SimContext): Promise<void> {
  // The demo zones exist from the start, their serials dated by the clock at that moment.
  powerDnsState(ctx);
  registerPowerDnsControl(app, ctx);
  await app.register(
    async (api) => {
      registerApiKeyAuth(api, ctx);
      registerJsonBodies(api);
      registerPowerDnsReplies(api);
      registerZoneRoutes(api, ctx);
    },
    { prefix: '/api/v1' },
  );
}
