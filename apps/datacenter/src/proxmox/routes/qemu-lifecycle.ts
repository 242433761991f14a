import type { FastifyInstance } from 'fastify';
import type { SimContext } from '../../context.ts';
import { taskUser } from '../auth.ts';
import { ok, params, PveError } from '../pve-http.ts';
import { formats, pve } from '../pve-schema.ts';
import { settledState } from '../settle.ts';
import type { ProxmoxState, PveVm, VmConfig } from '../state.ts';
import { vmOf } from '../state.ts';
import { assertUnlocked, instantTask, startTask } from '../tasks.ts';
import { attachedVolumes, diskSizeOf, ownerOf, UNUSED_KEY } from '../vm-config.ts';
import { nodePath, requireNode, requireVm, vmPath } from './lookup.ts';

/** At timeScale 1: a restore, and a full clone (a minute plus a second per GiB of disk). */
export const RESTORE_MS = 120_000;
export const CLONE_BASE_MS = 60_000;
export const CLONE_MS_PER_GIB = 1_000;
export const DESTROY_MS = 3_000;

/** Creating VMs from others (clone, restore), turning them into templates, destroying them. */
export function registerQemuLifecycleRoutes(app: FastifyInstance, ctx: SimContext): void {
  app.post('/nodes/:node/qemu/:vmid/clone', async (request) => {
    const input = params(
      request,
      vmPath.extend({
        newid: pve.vmid(),
        name: pve.string({ format: formats.dnsName }).optional(),
        description: pve.string({ maxLength: 8192 }).optional(),
        full: pve.boolean().optional(),
        target: pve.node().optional(),
        storage: pve.storage().optional(),
        format: pve.enum(['raw', 'qcow2', 'vmdk']).optional(),
        pool: pve.string().optional(),
        snapname: pve.string().optional(),
        bwlimit: pve.integer({ min: 0 }).optional(),
      }),
    );
    const state = settledState(ctx);
    const source = requireVm(state, input.node, input.vmid);
    const now = ctx.clock.now();
    assertUnlocked(state, source, now);
    if (vmOf(state, input.newid)) {
      throw new PveError(500, `unable to create VM ${input.newid}: config file already exists`);
    }
    const node = input.target ?? input.node;
    requireNode(state, node);
    // The target exists (locked) from the start; its disks are copied when the task ends.
    state.vms[String(input.newid)] = newVm(input.newid, node, now, {
      ...configWithoutOwnDisks(source),
      name: input.name ?? `Copy-of-VM-${String(source.config.name ?? source.vmid)}`,
      ...(input.description === undefined ? {} : { description: input.description }),
      meta: `creation-qemu=8.1.5,ctime=${Math.floor(now / 1000)}`,
    });
    const task = startTask(state, ctx, {
      node: input.node,
      user: taskUser(request, ctx),
      type: 'qmclone',
      id: String(source.vmid),
      durationMs: CLONE_BASE_MS + CLONE_MS_PER_GIB * (diskSizeOf(source.config) / 1024 ** 3),
      holds: [{ vmid: input.newid, lock: 'clone' }],
      steps: [{ effect: { kind: 'clone', source: source.vmid, newid: input.newid } }],
    });
    ctx.store.save();
    return ok(task.upid);
  });

  app.post('/nodes/:node/qemu/:vmid/template', async (request) => {
    const { node, vmid } = params(request, vmPath);
    const state = settledState(ctx);
    const vm = requireVm(state, node, vmid);
    assertUnlocked(state, vm, ctx.clock.now());
    if (vm.status === 'running')
      throw new PveError(500, "you can't convert a VM to template if VM is running");
    vm.config.template = 1;
    const task = instantTask(state, ctx, {
      node,
      user: taskUser(request, ctx),
      type: 'qmtemplate',
      id: String(vmid),
    });
    ctx.store.save();
    return ok(task.upid);
  });

  // Create or restore; the simulator only restores (`archive`), which is what Rackdesk uses.
  app.post('/nodes/:node/qemu', async (request) => {
    const input = params(
      request,
      nodePath.extend({
        vmid: pve.vmid(),
        archive: pve.string({ maxLength: 255 }).optional(),
        force: pve.boolean().optional(),
        start: pve.boolean().optional(),
        storage: pve.storage().optional(),
        unique: pve.boolean().optional(),
        bwlimit: pve.integer({ min: 0 }).optional(),
        pool: pve.string().optional(),
      }),
    );
    const state = settledState(ctx);
    requireNode(state, input.node);
    if (!input.archive) throw new PveError(501, 'the simulator creates VMs through its control API only');
    const archive = state.volumes[input.archive];
    if (!archive || archive.content !== 'backup') {
      throw new PveError(
        500,
        `unable to restore VM ${input.vmid} - volume '${input.archive}' does not exist`,
      );
    }
    const now = ctx.clock.now();
    const existing = vmOf(state, input.vmid);
    if (existing) {
      if (!input.force)
        throw new PveError(500, `unable to restore VM ${input.vmid} - VM ${input.vmid} already exists`);
      if (existing.node !== input.node)
        throw new PveError(500, `VM ${input.vmid} belongs to node '${existing.node}'`);
      assertUnlocked(state, existing, now);
      if (existing.status === 'running')
        throw new PveError(500, `unable to restore VM ${input.vmid} - VM is running`);
    } else {
      state.vms[String(input.vmid)] = newVm(input.vmid, input.node, now, {});
    }
    const task = startTask(state, ctx, {
      node: input.node,
      user: taskUser(request, ctx),
      type: 'qmrestore',
      id: String(input.vmid),
      durationMs: RESTORE_MS,
      holds: [{ vmid: input.vmid, lock: 'create' }],
      steps: [
        { effect: { kind: 'restore', vmid: input.vmid, volid: archive.volid, start: input.start ?? false } },
      ],
    });
    ctx.store.save();
    return ok(task.upid);
  });

  app.delete('/nodes/:node/qemu/:vmid', async (request) => {
    const input = params(
      request,
      vmPath.extend({
        purge: pve.boolean().optional(),
        'destroy-unreferenced-disks': pve.boolean().optional(),
        skiplock: pve.boolean().optional(),
      }),
    );
    const state = settledState(ctx);
    const vm = requireVm(state, input.node, input.vmid);
    assertUnlocked(state, vm, ctx.clock.now());
    if (vm.status === 'running') throw new PveError(500, `VM ${vm.vmid} is running - destroy failed`);
    if (input.purge) removeFromJobs(state, vm.vmid);
    const task = startTask(state, ctx, {
      node: input.node,
      user: taskUser(request, ctx),
      type: 'qmdestroy',
      id: String(vm.vmid),
      durationMs: DESTROY_MS,
      steps: [{ effect: { kind: 'destroy', vmid: vm.vmid } }],
    });
    ctx.store.save();
    return ok(task.upid);
  });
}

export function newVm(vmid: number, node: string, nowMs: number, config: VmConfig): PveVm {
  return {
    vmid,
    node,
    config,
    status: 'stopped',
    bootMs: null,
    powerLog: [{ atMs: nowMs, on: false }],
    seed: vmid,
  };
}

/** The source's configuration minus what a clone gets fresh: its own disks, unused entries, template flag. */
function configWithoutOwnDisks(source: PveVm): VmConfig {
  const config = { ...source.config };
  for (const { key, volume } of attachedVolumes(config))
    if (ownerOf(volume) === source.vmid) delete config[key];
  for (const key of Object.keys(config)) if (UNUSED_KEY.test(key)) delete config[key];
  delete config.template;
  return config;
}

function removeFromJobs(state: ProxmoxState, vmid: number): void {
  for (const job of state.backupJobs) {
    job.vmid = job.vmid
      .split(',')
      .filter((id) => id !== String(vmid))
      .join(',');
  }
  state.backupJobs = state.backupJobs.filter((job) => job.vmid !== '');
}
