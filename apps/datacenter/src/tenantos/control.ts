import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SimContext } from '../context.ts';
import { presentServer } from './presenter.ts';
import { serverFromSpec, serverSpecSchema } from './server-spec.ts';
import { settleServer } from './settle.ts';
import { tenantosState } from './state.ts';

const CONTROL = '/_control/tenantos/servers';

/**
 * Control API for demo seeding and tests (not part of Tenantos): create or redefine servers,
 * list them as the upstream would show them, and remove them.
 */
export function registerTenantosControl(app: FastifyInstance, ctx: SimContext): void {
  app.post(CONTROL, async (request, reply) => {
    const parsed = serverSpecSchema.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ message: z.prettifyError(parsed.error) });
    const state = tenantosState(ctx);
    const key = String(parsed.data.id);
    const existing = state.servers[key];
    const server = serverFromSpec(parsed.data, existing, ctx.clock.now());
    state.servers[key] = server;
    ctx.store.save();
    return reply.code(existing ? 200 : 201).send({ server: presentServer(server, ctx.clock.now()) });
  });

  app.get(CONTROL, async () => {
    const state = tenantosState(ctx);
    const now = ctx.clock.now();
    const servers = Object.values(state.servers);
    if (servers.map((server) => settleServer(server, now)).some(Boolean)) ctx.store.save();
    return { servers: servers.map((server) => presentServer(server, now)) };
  });

  app.get<{ Params: { id: string } }>(`${CONTROL}/:id`, async (request, reply) => {
    const server = tenantosState(ctx).servers[request.params.id];
    if (!server) return reply.code(404).send({ message: 'Unknown server.' });
    if (settleServer(server, ctx.clock.now())) ctx.store.save();
    // The last operation as it was asked (profile, layout, hostname, keys), which the API does not show.
    return { server: presentServer(server, ctx.clock.now()), install: server.install };
  });

  app.delete<{ Params: { id: string } }>(`${CONTROL}/:id`, async (request, reply) => {
    const state = tenantosState(ctx);
    if (!state.servers[request.params.id]) return reply.code(404).send({ message: 'Unknown server.' });
    delete state.servers[request.params.id];
    ctx.store.save();
    return reply.code(204).send();
  });
}
