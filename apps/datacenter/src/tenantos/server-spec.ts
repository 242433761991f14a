import { z } from 'zod';
import { ipVersion, isPrivateIp, netmaskOf, subnetContains } from './ip-math.ts';
import type { SimServer, SimSubnet } from './state.ts';
import { outboundMbpsFor } from './traffic.ts';

const subnetSpecSchema = z
  .object({
    subnet: z.string().refine((ip) => ipVersion(ip) !== undefined, 'subnet must be an IP address'),
    cidr: z.number().int().min(0).max(128),
    gw: z.string().default(''),
    /** 'public' or 'private'; derived from the address when omitted. */
    type: z.string().optional(),
    ips: z.array(z.string()).min(1),
  })
  .superRefine((subnet, issue) => {
    for (const ip of subnet.ips) {
      if (!subnetContains(subnet.subnet, subnet.cidr, ip)) {
        issue.addIssue({ code: 'custom', message: `${ip} is not in ${subnet.subnet}/${subnet.cidr}` });
      }
    }
  });

/** The body of `POST /_control/tenantos/servers`: what a demo seed or a test says a server is. */
export const serverSpecSchema = z.object({
  id: z.number().int().positive(),
  servername: z.string().min(1),
  hostname: z.string().min(1),
  nickname: z.string().default(''),
  /** Tags and description a new server starts with; afterwards they are the customer's (PUT). */
  tags: z.array(z.string().min(1)).default([]),
  description: z.string().default(''),
  os: z.string().default('Debian 12'),
  cpu: z.object({ model: z.string().min(1), cores: z.number().int().positive() }),
  memoryMb: z.number().int().positive(),
  disks: z
    .array(
      z.object({
        sizeGb: z.number().positive(),
        type: z.enum(['HDD', 'SSD', 'NVMe']),
        model: z.string().optional(),
      }),
    )
    .min(1),
  subnets: z.array(subnetSpecSchema).min(1),
  /** Defaults to the first public IPv4 address. */
  primaryIp: z.string().optional(),
  /** 'ipmi' (power and console over the BMC), 'pdu' (power only), or null (no remote control). */
  powerProvider: z.enum(['ipmi', 'pdu']).nullable().default('ipmi'),
  /** Whether the IPMI power provider offers a BMC reset. */
  bmcReset: z.boolean().default(true),
  powerState: z.enum(['on', 'off']).default('on'),
  /**
   * Traffic (in plus out) of an average month in GB (10^9 bytes), which the counters move around;
   * derived from the id when omitted (2 to 8 TB, what a busy server on a 10 TB plan moves).
   */
  monthlyTrafficGb: z.number().positive().optional(),
});
export type ServerSpec = z.infer<typeof serverSpecSchema>;

const DISK_MODELS = { HDD: 'Seagate Exos 7E8', SSD: 'Samsung PM893', NVMe: 'Samsung PM9A3' } as const;

function subnetOf(spec: ServerSpec['subnets'][number]): SimSubnet {
  return {
    subnet: spec.subnet,
    cidr: spec.cidr,
    gw: spec.gw,
    netmask: netmaskOf(spec.subnet, spec.cidr),
    type: spec.type ?? (isPrivateIp(spec.subnet) ? 'private' : 'public'),
    ips: spec.ips,
  };
}

function primaryIpOf(spec: ServerSpec): string {
  if (spec.primaryIp) return spec.primaryIp;
  const ips = spec.subnets.flatMap((s) => s.ips);
  return ips.find((ip) => ipVersion(ip) === 4 && !isPrivateIp(ip)) ?? ips[0] ?? '';
}

/** What the spec defines; the live state (power, installs, rDNS) is not part of it. */
function definitionOf(spec: ServerSpec) {
  return {
    id: spec.id,
    servername: spec.servername,
    hostname: spec.hostname,
    os: spec.os,
    primaryip: primaryIpOf(spec),
    cpu: spec.cpu,
    memoryMb: spec.memoryMb,
    disks: spec.disks.map((d) => ({ sizeGb: d.sizeGb, type: d.type, model: d.model ?? DISK_MODELS[d.type] })),
    subnets: spec.subnets.map(subnetOf),
    powerProvider: spec.powerProvider,
    bmcReset: spec.powerProvider === 'ipmi' && spec.bmcReset,
    trafficMbps: outboundMbpsFor(spec.monthlyTrafficGb ?? 1000 * (2 + ((spec.id * 37) % 7))),
  };
}

/**
 * A server from its spec. When the id exists already the definition is replaced but the live
 * state (power, a running install, rDNS, the customer's nickname) is kept, so seeding again on
 * every start never undoes what a demo user did.
 */
export function serverFromSpec(spec: ServerSpec, existing: SimServer | undefined, now: number): SimServer {
  if (existing) return { ...existing, ...definitionOf(spec) };
  return {
    ...definitionOf(spec),
    nickname: spec.nickname,
    tags: spec.tags,
    description: spec.description,
    power: { state: spec.powerState, transition: null, offSince: spec.powerState === 'off' ? now : null },
    bmcResettingUntil: null,
    install: null,
    rdns: {},
  };
}
