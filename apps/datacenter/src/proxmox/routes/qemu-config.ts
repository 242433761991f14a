import type { FastifyInstance } from 'fastify';
import type { SimContext } from '../../context.ts';
import { taskUser } from '../auth.ts';
import { updateConfig } from '../config-update.ts';
import { ok, params, PveError } from '../pve-http.ts';
import { pve } from '../pve-schema.ts';
import { settledState } from '../settle.ts';
import type { ProxmoxState, PveVm } from '../state.ts';
import { assertUnlocked, instantTask, startTask } from '../tasks.ts';
import { DISK_KEYS, parseDrive, parseSize } from '../vm-config.ts';
import { assertLockFileWithinReach } from '../vm-lock.ts';
import { setDrive } from '../volumes.ts';
import { vmConfigView } from '../vm-views.ts';
import { requireVm, vmPath } from './lookup.ts';

/** An import (reinstall from a template disk) runs this long at timeScale 1, holding lock `clone`. */
export const IMPORT_MS = 120_000;

/** Reading and changing a VM's configuration, and growing its disks. */
export function registerQemuConfigRoutes(app: FastifyInstance, ctx: SimContext): void {
  app.get('/nodes/:node/qemu/:vmid/config', async (request) => {
    const { node, vmid } = params(request, vmPath);
    const state = settledState(ctx);
    return ok(vmConfigView(state, requireVm(state, node, vmid), ctx.clock.now()));
  });

  // Synchronous: answers null once the change is written.
  app.put('/nodes/:node/qemu/:vmid/config', async (request) => {
    const { node, vmid } = params(request, vmPath);
    const state = settledState(ctx);
    const vm = writableVm(state, ctx, node, vmid);
    updateConfig(state, vm, bodyOf(request.body), { allowImport: false });
    ctx.store.save();
    return ok(null);
  });

  // Asynchronous: answers a task; a disk import makes it a long one.
  app.post('/nodes/:node/qemu/:vmid/config', async (request) => {
    const { node, vmid } = params(request, vmPath);
    const state = settledState(ctx);
    const vm = writableVm(state, ctx, node, vmid);
    const importEffect = updateConfig(state, vm, bodyOf(request.body), { allowImport: true });
    const user = taskUser(request, ctx);
    const task = importEffect
      ? startTask(state, ctx, {
          node,
          user,
          type: 'qmconfig',
          id: String(vmid),
          durationMs: IMPORT_MS,
          holds: [{ vmid, lock: 'clone' }],
          steps: [{ effect: importEffect }],
        })
      : instantTask(state, ctx, { node, user, type: 'qmconfig', id: String(vmid) });
    ctx.store.save();
    return ok(task.upid);
  });

  app.put('/nodes/:node/qemu/:vmid/resize', async (request) => {
    const { node, vmid, disk, size } = params(
      request,
      vmPath.extend({
        disk: pve.enum(DISK_KEYS),
        size: pve.string({ pattern: /^\+?\d+(\.\d+)?[KMGT]?$/ }),
        digest: pve.string({ maxLength: 40 }).optional(),
        skiplock: pve.boolean().optional(),
      }),
    );
    const state = settledState(ctx);
    const vm = writableVm(state, ctx, node, vmid);
    const drive = parseDrive(vm.config[disk]);
    const volume = drive ? state.volumes[drive.volume] : undefined;
    if (!drive || !volume)
      throw new PveError(400, 'Parameter verification failed.', { disk: `no such disk '${disk}'` });
    const amount = parseSize(size.replace(/^\+/, '')) ?? 0;
    const target = size.startsWith('+') ? volume.size + amount : amount;
    if (target < volume.size) throw new PveError(500, 'shrinking disks is not supported');
    volume.size = target;
    setDrive(vm.config, disk, volume);
    const task = instantTask(state, ctx, {
      node,
      user: taskUser(request, ctx),
      type: 'resize',
      id: String(vmid),
    });
    ctx.store.save();
    return ok(task.upid);
  });
}

/** A VM the API server may write: no task holds its configuration lock or keeps its lock file. */
function writableVm(state: ProxmoxState, ctx: SimContext, node: string, vmid: number): PveVm {
  const vm = requireVm(state, node, vmid);
  assertUnlocked(state, vm, ctx.clock.now());
  assertLockFileWithinReach(state, ctx, vm);
  return vm;
}

function bodyOf(body: unknown): Record<string, unknown> {
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
}
