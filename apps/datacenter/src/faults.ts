import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';

export const upstreams = ['proxmox', 'tenantos', 'virtualizor', 'powerdns', 's3'] as const;
export type Upstream = (typeof upstreams)[number];

/** Which upstream a request is for, by the path prefix each API uses. */
export function upstreamOf(url: string): Upstream | undefined {
  if (url.startsWith('/api2/json')) return 'proxmox';
  // PowerDNS serves /api/v1/...; checked before Tenantos, whose API is the rest of /api/.
  if (url.startsWith('/api/v1/')) return 'powerdns';
  if (url.startsWith('/api/')) return 'tenantos';
  if (url.startsWith('/index.php')) return 'virtualizor';
  if (url.startsWith('/s3/')) return 's3';
  return undefined;
}

export const faultSchema = z.object({
  /** Limit the fault to one upstream, one method, or paths containing a text. */
  upstream: z.enum(upstreams).optional(),
  method: z.string().toUpperCase().optional(),
  pathContains: z.string().optional(),
  /** error: answer `status`; slow: answer normally after `delayMs`; timeout: never answer. */
  mode: z.enum(['error', 'slow', 'timeout']),
  /** How many matching calls the fault hits before it expires. */
  count: z.number().int().positive().default(1),
  status: z.number().int().min(400).max(599).default(500),
  delayMs: z.number().int().min(0).max(120_000).default(2_000),
});
export type Fault = z.infer<typeof faultSchema>;

/** Faults queued by tests through the control API; each hits the next `count` matching calls. */
export class Faults {
  #pending: Fault[] = [];

  add(fault: Fault): void {
    this.#pending.push({ ...fault });
  }

  clear(): void {
    this.#pending = [];
  }

  list(): readonly Fault[] {
    return this.#pending;
  }

  /** Takes one hit of the first fault matching the request, if any. */
  take(request: Pick<FastifyRequest, 'method' | 'url'>): Fault | undefined {
    const upstream = upstreamOf(request.url);
    if (!upstream) return undefined;
    const index = this.#pending.findIndex(
      (f) =>
        (!f.upstream || f.upstream === upstream) &&
        (!f.method || f.method === request.method) &&
        (!f.pathContains || request.url.includes(f.pathContains)),
    );
    if (index === -1) return undefined;
    const fault = this.#pending[index]!;
    fault.count -= 1;
    if (fault.count <= 0) this.#pending.splice(index, 1);
    return fault;
  }
}

/** Applies queued faults before any upstream route runs. */
export function registerFaultHook(app: FastifyInstance, faults: Faults): void {
  const held = new Set<() => void>();
  app.addHook('onClose', async () => {
    for (const release of held) release();
  });
  app.addHook('onRequest', async (request, reply) => {
    const fault = faults.take(request);
    if (!fault) return;
    if (fault.mode === 'slow') {
      await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
      return;
    }
    if (fault.mode === 'timeout') {
      // Hold the request open until the client gives up (or the simulator closes).
      await new Promise<void>((resolve) => {
        held.add(resolve);
        request.raw.once('close', resolve);
      });
      held.clear();
      reply.hijack();
      request.raw.destroy();
      return reply;
    }
    return reply
      .code(fault.status)
      .send({ errors: { simulated: `Simulated upstream failure (${fault.status})` }, data: null });
  });
}
