import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { SimContext } from '../context.ts';
import { fraction } from './counters.ts';
import { newVm } from './routes/qemu-lifecycle.ts';
import { settledState } from './settle.ts';
import { lockOf } from './tasks.ts';
import type { ProxmoxState, PveVm, VmConfig } from './state.ts';
import { vmOf } from './state.ts';
import { allocateDisk, freeOwnDisks, setDrive } from './volumes.ts';

const CONTROL = '/_control/proxmox';
const GiB = 1024 ** 3;

const nodeSpec = z.object({
  node: z.string().regex(/^[a-z0-9][a-z0-9-]*$/),
  location: z.string().min(1),
  /** Existing shared storages (e.g. a location's block storage) to make available on the node. */
  storages: z.array(z.string()).default([]),
  /** Further lines of the node's notes, e.g. `IPv4 pool: <first>-<last> prefix <n> gateway <ip>`. */
  notes: z.array(z.string().regex(/^[^\n]*$/)).default([]),
});

const vmSpec = z.object({
  vmid: z.number().int().min(100).max(999_999_999),
  node: z.string(),
  name: z.string().regex(/^[a-zA-Z0-9]([a-zA-Z0-9.-]*[a-zA-Z0-9])?$/, 'a DNS name'),
  cores: z.number().int().min(1).max(128).default(1),
  memoryMb: z.number().int().min(256).default(1024),
  diskGb: z.number().int().min(1).default(20),
  storage: z.string().default('local-lvm'),
  status: z.enum(['running', 'stopped']).default('running'),
  /** Addresses with prefix length, e.g. `198.51.100.30/24`; one per network interface. */
  ipv4: z.array(z.string()).default([]),
  ipv6: z.array(z.string()).default([]),
  gateway4: z.string().optional(),
  gateway6: z.string().optional(),
  /** The OS template the VM was installed from (a template vmid, or `custom_<vmid>`). */
  osid: z
    .string()
    .regex(/^(custom_)?\d+$/)
    .optional(),
  tags: z.array(z.string().regex(/^[a-z0-9_][a-z0-9_+.-]*$/)).default([]),
  template: z.boolean().default(false),
  description: z.string().optional(),
  /** How long a running VM has been up; by default a few days, different per VM. */
  uptimeHours: z.number().min(0).optional(),
});
export type VmSpec = z.input<typeof vmSpec>;

const volumeSpec = z.object({
  storage: z.string(),
  /** A Proxmox volume name (`vm-<owner>-<name>`); the owner is only a holder id for free disks. */
  name: z.string().regex(/^vm-\d+-[a-zA-Z0-9_.-]+$/),
  sizeGb: z.number().int().min(1),
  /** Attach to this VM as the next free scsiN. */
  attachTo: z.number().int().optional(),
});

const failureSpec = z.object({
  type: z.string().min(1),
  count: z.number().int().min(1).default(1),
  message: z.string().default('simulated task failure'),
});

/**
 * The simulator's own endpoints for demo seeding and tests (not part of Proxmox): nodes with a
 * location, VMs and block-storage volumes, and queued task failures. Creating something that
 * exists replaces it, so seeding twice is harmless.
 */
export function registerProxmoxControl(app: FastifyInstance, ctx: SimContext): void {
  app.post(`${CONTROL}/nodes`, async (request, reply) => {
    const spec = parse(nodeSpec, request.body, reply);
    if (!spec) return reply;
    const state = settledState(ctx);
    state.nodes[spec.node] = {
      node: spec.node,
      description: [`Location: ${spec.location}`, ...spec.notes].join('\n'),
      bootMs: state.nodes[spec.node]?.bootMs ?? ctx.clock.now() - 7 * 86_400_000,
    };
    for (const id of spec.storages) {
      const storage = state.storages[id];
      if (!storage) return reply.code(400).send({ message: `unknown storage '${id}'` });
      if (storage.nodes && !storage.nodes.includes(spec.node)) storage.nodes.push(spec.node);
    }
    ctx.store.save();
    return reply.code(201).send({ node: state.nodes[spec.node] });
  });

  app.post(`${CONTROL}/vms`, async (request, reply) => {
    const spec = parse(vmSpec, request.body, reply);
    if (!spec) return reply;
    const state = settledState(ctx);
    if (!state.nodes[spec.node]) return reply.code(400).send({ message: `unknown node '${spec.node}'` });
    if (!state.storages[spec.storage]?.content.includes('images')) {
      return reply.code(400).send({ message: `storage '${spec.storage}' does not hold disk images` });
    }
    const vm = createVm(state, spec, ctx.clock.now());
    ctx.store.save();
    return reply.code(201).send(summary(state, vm, ctx.clock.now()));
  });

  app.get(`${CONTROL}/vms`, async () => {
    const state = settledState(ctx);
    return { vms: Object.values(state.vms).map((vm) => summary(state, vm, ctx.clock.now())) };
  });

  app.get<{ Params: { vmid: string } }>(`${CONTROL}/vms/:vmid`, async (request, reply) => {
    const state = settledState(ctx);
    const vm = vmOf(state, Number(request.params.vmid));
    if (!vm) return reply.code(404).send({ message: `no VM ${request.params.vmid}` });
    return summary(state, vm, ctx.clock.now());
  });

  app.delete(`${CONTROL}/vms/:vmid`, async (request, reply) => {
    const vmid = Number((request.params as { vmid: string }).vmid);
    const state = settledState(ctx);
    if (!vmOf(state, vmid)) return reply.code(404).send({ message: `no VM ${vmid}` });
    freeOwnDisks(state, vmid);
    delete state.vms[String(vmid)];
    ctx.store.save();
    return reply.code(204).send();
  });

  app.post(`${CONTROL}/volumes`, async (request, reply) => {
    const spec = parse(volumeSpec, request.body, reply);
    if (!spec) return reply;
    const state = settledState(ctx);
    if (!state.storages[spec.storage]?.content.includes('images')) {
      return reply.code(400).send({ message: `storage '${spec.storage}' does not hold disk images` });
    }
    const target = spec.attachTo === undefined ? undefined : vmOf(state, spec.attachTo);
    if (spec.attachTo !== undefined && !target)
      return reply.code(400).send({ message: `no VM ${spec.attachTo}` });
    const volid = `${spec.storage}:${spec.name}`;
    const existing = state.volumes[volid];
    state.volumes[volid] = {
      volid,
      storage: spec.storage,
      content: 'images',
      format: 'raw',
      size: spec.sizeGb * GiB,
      ctime: existing?.ctime ?? ctx.clock.nowSeconds(),
      vmid: Number(/^vm-(\d+)-/.exec(spec.name)![1]),
    };
    if (target) {
      const attached = Object.entries(target.config).find(([, v]) => String(v).split(',')[0] === volid)?.[0];
      setDrive(target.config, attached ?? freeScsiKey(target.config), state.volumes[volid]!);
    }
    ctx.store.save();
    return reply.code(201).send({ volume: state.volumes[volid] });
  });

  app.get<{ Params: { volid: string } }>(`${CONTROL}/volumes/:volid`, async (request, reply) => {
    const volume = settledState(ctx).volumes[request.params.volid];
    if (!volume) return reply.code(404).send({ message: `no volume ${request.params.volid}` });
    return { volume };
  });

  app.post(`${CONTROL}/task-failures`, async (request, reply) => {
    const spec = parse(failureSpec, request.body, reply);
    if (!spec) return reply;
    const state = settledState(ctx);
    state.taskFailures.push({ type: spec.type, remaining: spec.count, message: spec.message });
    ctx.store.save();
    return reply.code(201).send({ taskFailures: state.taskFailures });
  });

  app.delete(`${CONTROL}/task-failures`, async () => {
    const state = settledState(ctx);
    state.taskFailures = [];
    ctx.store.save();
    return { taskFailures: [] };
  });
}

function createVm(state: ProxmoxState, spec: z.infer<typeof vmSpec>, nowMs: number): PveVm {
  freeOwnDisks(state, spec.vmid);
  const nowS = Math.floor(nowMs / 1000);
  const interfaces = Math.max(1, spec.ipv4.length, spec.ipv6.length);
  const config: VmConfig = {
    name: spec.name,
    cores: spec.cores,
    sockets: 1,
    memory: spec.memoryMb,
    ostype: 'l26',
    scsihw: 'virtio-scsi-single',
    ide0: 'none,media=cdrom',
    ide2: 'none,media=cdrom',
    boot: 'order=scsi0;ide2;net0',
    meta: `creation-qemu=8.1.5,ctime=${nowS}`,
  };
  for (let i = 0; i < interfaces; i += 1) {
    config[`net${i}`] = `virtio=${macOf(spec.vmid, i)},bridge=vmbr0`;
    const parts = [
      spec.ipv4[i] ? `ip=${spec.ipv4[i]}` : undefined,
      spec.ipv4[i] && spec.gateway4 ? `gw=${spec.gateway4}` : undefined,
      spec.ipv6[i] ? `ip6=${spec.ipv6[i]}` : undefined,
      spec.ipv6[i] && spec.gateway6 ? `gw6=${spec.gateway6}` : undefined,
    ].filter(Boolean);
    if (parts.length > 0) config[`ipconfig${i}`] = parts.join(',');
  }
  const tags = [...spec.tags, ...(spec.osid ? [`rd-os-${spec.osid}`] : [])];
  if (tags.length > 0) config.tags = tags.join(';');
  if (spec.description) config.description = spec.description;
  if (spec.template) config.template = 1;
  const vm = newVm(spec.vmid, spec.node, nowMs, config);
  setDrive(vm.config, 'scsi0', allocateDisk(state, spec.storage, spec.vmid, spec.diskGb * GiB, nowS));
  // Seeded VMs come with a past: running all along, or switched off a little while ago.
  vm.powerLog = [{ atMs: 0, on: true }];
  if (spec.status === 'running' && !spec.template) {
    const uptimeHours = spec.uptimeHours ?? 24 + Math.floor(fraction(spec.vmid) * 24 * 20);
    vm.status = 'running';
    vm.bootMs = nowMs - uptimeHours * 3_600_000;
  } else {
    vm.powerLog.push({ atMs: nowMs - 2 * 3_600_000, on: false });
  }
  state.vms[String(spec.vmid)] = vm;
  return vm;
}

/** What the control API answers about a VM: where it is, its state and its configuration. */
function summary(state: ProxmoxState, vm: PveVm, nowMs: number) {
  return {
    vmid: vm.vmid,
    node: vm.node,
    status: vm.status,
    lock: lockOf(state, vm.vmid, nowMs) ?? null,
    config: vm.config,
    /** Set through the guest agent (set-user-password), by user name. */
    guestPasswords: vm.guestPasswords ?? {},
  };
}

function freeScsiKey(config: VmConfig): string {
  for (let n = 1; ; n += 1) if (!(`scsi${n}` in config)) return `scsi${n}`;
}

function macOf(vmid: number, index: number): string {
  const bytes = [0xbc, 0x24, 0x11, (vmid >> 8) & 0xff, vmid & 0xff, index];
  return bytes.map((b) => b.toString(16).toUpperCase().padStart(2, '0')).join(':');
}

function parse<S extends z.ZodType>(schema: S, body: unknown, reply: FastifyReply): z.infer<S> | undefined {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  void reply.code(400).send({ message: z.prettifyError(parsed.error) });
  return undefined;
}
