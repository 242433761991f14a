import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SimContext } from '../context.ts';
import { sha256, stableNumber } from './hashing.ts';
import { lockText, settle } from './machine.ts';
import { powerStatus } from './power.ts';
import type { SimVps, VirtualizorState } from './state.ts';
import { DEFAULT_OSID, findTemplate } from './templates.ts';

/** What the demo seed and the tests say about a VPS; everything but the id and hostname has a default. */
export const vpsSpecSchema = z.object({
  vpsid: z.number().int().positive().max(2_147_483_647),
  hostname: z.string().min(1).max(253),
  cores: z.number().int().min(1).max(64).default(1),
  /** MB. */
  ram: z.number().int().min(128).max(1_048_576).default(1024),
  /** GB. */
  space: z.number().int().min(1).max(100_000).default(25),
  /** Monthly allowance in GB; 0 means unlimited. */
  bandwidth: z.number().int().min(0).default(1000),
  osid: z
    .number()
    .int()
    .default(DEFAULT_OSID)
    .refine((osid) => findTemplate(osid) !== undefined, 'Unknown osid: see the templates in the docs'),
  /** Addresses of the VPS; by default one IPv4 and one IPv6 derived from the id. */
  ips: z.array(z.string().min(2)).min(1).optional(),
  /** 1 running, 0 stopped. */
  status: z.union([z.literal(0), z.literal(1)]).default(1),
  /** An operator's lock text (for example 'Suspended for abuse'); empty for none. */
  locked: z.string().max(200).default(''),
  boot: z.enum(['cda', 'dca']).default('cda'),
  rootPassword: z.string().min(1).optional(),
  /** When the VPS came to be (ms since the epoch); usage history starts there. Default: the start of the previous month. */
  createdAt: z.number().int().nonnegative().optional(),
});
export type VpsSpec = z.infer<typeof vpsSpecSchema>;

function defaultIps(vpsid: number): string[] {
  return [`203.0.113.${(vpsid % 250) + 2}`, `2001:db8:10::${vpsid.toString(16)}`];
}

function startOfPreviousMonth(now: number): number {
  const date = new Date(now);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - 1, 1);
}

export function vpsFromSpec(spec: VpsSpec, now: number): SimVps {
  const createdAt = spec.createdAt ?? startOfPreviousMonth(now);
  const ips = spec.ips ?? defaultIps(spec.vpsid);
  const on = spec.status === 1;
  return {
    vpsid: spec.vpsid,
    hostname: spec.hostname,
    cores: spec.cores,
    ramMb: spec.ram,
    spaceGb: spec.space,
    bandwidthGb: spec.bandwidth,
    osid: spec.osid,
    ips: Object.fromEntries(ips.map((ip, index) => [String(spec.vpsid * 10 + index), ip])),
    boot: spec.boot,
    iso: '',
    secIso: '',
    lockText: spec.locked,
    rootPasswordSha256: spec.rootPassword ? sha256(spec.rootPassword) : '',
    passwordChangedAt: null,
    vncPort: 5900 + (spec.vpsid % 1000),
    vncPassword: sha256(`vnc:${spec.vpsid}`).slice(0, 8),
    createdAt,
    installedAt: createdAt,
    seed: stableNumber(`vps:${spec.vpsid}`),
    on,
    since: createdAt,
    powerLog: [{ at: createdAt, on }],
    pendingPower: null,
    reinstall: null,
  };
}

/** The whole simulated VPS, for tests and the demo: state plus what the API would report. */
function controlView(vps: SimVps): Record<string, unknown> {
  return { ...structuredClone(vps), status: powerStatus(vps), locked: lockText(vps) };
}

/**
 * `POST /_control/virtualizor/vps` creates a VPS, or replaces the one with the same id (seeding
 * twice is harmless); `GET /_control/virtualizor/vps/:vpsid` shows it; `DELETE` removes it.
 */
export function registerControl(app: FastifyInstance, ctx: SimContext, state: VirtualizorState): void {
  const base = '/_control/virtualizor/vps';

  app.post(base, async (request, reply) => {
    const parsed = vpsSpecSchema.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ message: z.prettifyError(parsed.error) });
    const existed = String(parsed.data.vpsid) in state.vps;
    const vps = vpsFromSpec(parsed.data, ctx.clock.now());
    state.vps[vps.vpsid] = vps;
    ctx.store.save();
    return reply.code(existed ? 200 : 201).send({ vps: controlView(vps) });
  });

  app.get<{ Params: { vpsid: string } }>(`${base}/:vpsid`, async (request, reply) => {
    const vps = state.vps[request.params.vpsid];
    if (!vps) return reply.code(404).send({ message: 'No such VPS' });
    if (settle(vps, ctx.clock.now())) ctx.store.save();
    return { vps: controlView(vps) };
  });

  app.delete<{ Params: { vpsid: string } }>(`${base}/:vpsid`, async (request, reply) => {
    if (!state.vps[request.params.vpsid]) return reply.code(404).send({ message: 'No such VPS' });
    delete state.vps[request.params.vpsid];
    ctx.store.save();
    return reply.code(204).send();
  });
}
