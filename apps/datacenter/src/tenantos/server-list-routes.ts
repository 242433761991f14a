import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SimContext } from '../context.ts';
import { ipVersion } from './ip-math.ts';
import { presentServer } from './presenter.ts';
import { invalidInput, notFound, result } from './replies.ts';
import { settleServer } from './settle.ts';
import { type SimServer, tenantosState } from './state.ts';

const byTagsSchema = z.object({
  tags: z.array(z.string(), { error: 'The tags field is required.' }).min(1, 'The tags field is required.'),
});

/**
 * The server list of `Server Basic Operations`: every server (`GET /api/servers`), those owning
 * all of some tags (`POST /api/servers/getByTags`), the one an address is assigned to
 * (`GET /api/servers/getByIp/{ip}`), and the tags in use (`GET /api/servers/tags`).
 */
export function registerServerListRoutes(app: FastifyInstance, ctx: SimContext): void {
  /** Every server, settled to the simulated now, in id order. */
  const settledServers = (): { servers: SimServer[]; now: number } => {
    const now = ctx.clock.now();
    const servers = Object.values(tenantosState(ctx).servers).sort((a, b) => a.id - b.id);
    if (servers.map((server) => settleServer(server, now)).some(Boolean)) ctx.store.save();
    return { servers, now };
  };
  const listed = (servers: SimServer[], now: number) =>
    result(servers.map((server) => presentServer(server, now)));

  app.get('/api/servers', async () => {
    const { servers, now } = settledServers();
    return listed(servers, now);
  });

  app.get('/api/servers/tags', async () => {
    const tags = settledServers().servers.flatMap((server) => server.tags ?? []);
    return result([...new Set(tags)].sort());
  });

  app.post('/api/servers/getByTags', async (request, reply) => {
    const parsed = byTagsSchema.safeParse(request.body ?? {});
    if (!parsed.success) return invalidInput(reply, parsed.error);
    const { servers, now } = settledServers();
    // All of the tags: an AND query, as documented.
    const tagged = servers.filter((server) => parsed.data.tags.every((tag) => server.tags?.includes(tag)));
    return listed(tagged, now);
  });

  app.get<{ Params: { ip: string } }>('/api/servers/getByIp/:ip', async (request, reply) => {
    const { ip } = request.params;
    const { servers, now } = settledServers();
    const server =
      ipVersion(ip) === undefined
        ? undefined
        : servers.find((candidate) => candidate.subnets.some((subnet) => subnet.ips.includes(ip)));
    if (!server) return notFound(reply);
    return result(presentServer(server, now));
  });
}
