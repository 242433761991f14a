import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { SimContext } from '../context.ts';
import { parseLooseName, reverseNameOf } from './dns-names.ts';
import { presentZone } from './presenter.ts';
import { PowerDnsError } from './replies.ts';
import { powerDnsState, zoneKinds } from './state.ts';
import { settleZone } from './zone-serial.ts';
import { buildZone, type RecordInput } from './zones.ts';

const CONTROL = '/_control/powerdns/zones';

/** A record of a seeded zone: `name` (a DNS name) or `ip` (for a PTR: its reverse name). */
const recordSpecSchema = z
  .object({
    name: z.string().min(1).optional(),
    ip: z.union([z.ipv4(), z.ipv6()]).optional(),
    type: z.string().min(1).default('PTR'),
    ttl: z.number().int().min(0).default(3600),
    content: z.string(),
    disabled: z.boolean().default(false),
  })
  .refine((record) => (record.name === undefined) !== (record.ip === undefined), {
    message: 'Give each record either a name or an ip.',
  });

export const zoneSpecSchema = z.object({
  /** The zone name; the trailing dot may be left out. */
  name: z.string().min(1),
  kind: z.enum(zoneKinds).default('Master'),
  account: z.string().default(''),
  records: z.array(recordSpecSchema).optional(),
});
export type ZoneSpec = z.input<typeof zoneSpecSchema>;

const absolute = (name: string) => (name.endsWith('.') ? name : `${name}.`);

function recordsOf(spec: z.infer<typeof zoneSpecSchema>): RecordInput[] | undefined {
  return spec.records?.map(({ name, ip, ...record }) => ({
    ...record,
    name: ip === undefined ? absolute(name!) : reverseNameOf(ip),
  }));
}

function refused(reply: FastifyReply, error: unknown) {
  if (error instanceof PowerDnsError) return reply.code(400).send({ message: error.message });
  throw error;
}

/**
 * Control API for demo seeding and tests (not part of PowerDNS): create or redefine zones, list
 * them with their RRsets, remove them. Creating an existing zone replaces its records (or keeps
 * them when `records` is left out), so seeding twice is harmless.
 */
export function registerPowerDnsControl(app: FastifyInstance, ctx: SimContext): void {
  const state = () => powerDnsState(ctx);
  const settledZone = (name: string) => {
    const zone = state().zones[name];
    if (zone && settleZone(zone, ctx.clock.now())) ctx.store.save();
    return zone;
  };

  app.post(CONTROL, async (request, reply) => {
    const parsed = zoneSpecSchema.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ message: z.prettifyError(parsed.error) });
    try {
      const name = parseLooseName(parsed.data.name);
      const previous = state().zones[name];
      const records =
        recordsOf(parsed.data) ??
        previous?.rrsets.flatMap((rrset) =>
          rrset.records.map((record) => ({ name: rrset.name, type: rrset.type, ttl: rrset.ttl, ...record })),
        );
      const zone = buildZone(
        { name, kind: parsed.data.kind, account: parsed.data.account, records: records ?? [] },
        previous,
        ctx.clock.now(),
        ctx.timeScale,
      );
      state().zones[name] = zone;
      ctx.store.save();
      return reply.code(previous ? 200 : 201).send({ zone: presentZone(zone) });
    } catch (error) {
      return refused(reply, error);
    }
  });

  app.get(CONTROL, async () => ({
    zones: Object.keys(state().zones).map((name) => presentZone(settledZone(name)!)),
  }));

  app.get<{ Params: { name: string } }>(`${CONTROL}/:name`, async (request, reply) => {
    try {
      const zone = settledZone(parseLooseName(request.params.name));
      if (!zone) return reply.code(404).send({ message: 'Unknown zone.' });
      return { zone: presentZone(zone) };
    } catch (error) {
      return refused(reply, error);
    }
  });

  app.delete<{ Params: { name: string } }>(`${CONTROL}/:name`, async (request, reply) => {
    try {
      const name = parseLooseName(request.params.name);
      if (!state().zones[name]) return reply.code(404).send({ message: 'Unknown zone.' });
      delete state().zones[name];
      ctx.store.save();
      return reply.code(204).send();
    } catch (error) {
      return refused(reply, error);
    }
  });
}
