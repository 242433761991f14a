import type { FastifyInstance } from 'fastify';
import type { SimContext } from '../../context.ts';
import { taskUser } from '../auth.ts';
import { startBackup } from '../backups.ts';
import { ok, params, PveError } from '../pve-http.ts';
import { pve } from '../pve-schema.ts';
import { settledState } from '../settle.ts';
import { findTask, taskListEntry, taskStatus } from '../tasks.ts';
import { vzdumpFields } from './cluster.ts';
import { nodePath, requireNode, requireStorage } from './lookup.ts';

/** Backups on demand (vzdump) and the node's task list and task status. */
export function registerNodeTaskRoutes(app: FastifyInstance, ctx: SimContext): void {
  app.post('/nodes/:node/vzdump', async (request) => {
    const input = params(
      request,
      nodePath.extend({
        vmid: vzdumpFields.vmid,
        storage: vzdumpFields.storage.default('local'),
        mode: vzdumpFields.mode.default('snapshot'),
        compress: vzdumpFields.compress.default('0'),
        remove: vzdumpFields.remove.optional(),
        'notes-template': vzdumpFields['notes-template'].optional(),
        'prune-backups': vzdumpFields['prune-backups'].optional(),
      }),
    );
    const state = settledState(ctx);
    const storage = requireStorage(state, input.node, input.storage);
    if (!storage.content.includes('backup')) {
      throw new PveError(400, 'Parameter verification failed.', {
        storage: `storage '${input.storage}' does not support backups`,
      });
    }
    const keepLast = Number(/keep-last=(\d+)/.exec(input['prune-backups'] ?? '')?.[1]) || undefined;
    const vmids = input.vmid.split(',').map(Number);
    const local = vmids.filter((vmid) => state.vms[String(vmid)]?.node === input.node);
    if (local.length === 0)
      throw new PveError(500, `guest(s) ${input.vmid} not found on node '${input.node}'`);
    const task = startBackup(state, ctx, {
      node: input.node,
      user: taskUser(request, ctx),
      vmids: local,
      storage: input.storage,
      compress: input.compress,
      keepLast,
    });
    ctx.store.save();
    return ok(task.upid);
  });

  app.get('/nodes/:node/tasks', async (request) => {
    const input = params(
      request,
      nodePath.extend({
        typefilter: pve.string().optional(),
        vmid: pve.vmid().optional(),
        userfilter: pve.string().optional(),
        statusfilter: pve.string().optional(),
        source: pve.enum(['archive', 'active', 'all']).default('archive'),
        errors: pve.boolean().optional(),
        limit: pve.integer({ min: 0 }).default(50),
        start: pve.integer({ min: 0 }).default(0),
        since: pve.integer().optional(),
        until: pve.integer().optional(),
      }),
    );
    const state = settledState(ctx);
    requireNode(state, input.node);
    const now = ctx.clock.now();
    const tasks = state.tasks
      .filter((t) => t.node === input.node)
      .filter((t) => input.source === 'all' || (input.source === 'active') === now < t.endMs)
      .filter((t) => !input.typefilter || t.type === input.typefilter)
      .filter((t) => input.vmid === undefined || t.id === String(input.vmid))
      .filter((t) => !input.userfilter || t.user.includes(input.userfilter))
      .filter((t) => input.since === undefined || t.startMs / 1000 >= input.since)
      .filter((t) => input.until === undefined || t.startMs / 1000 <= input.until)
      .filter((t) => !input.errors || (now >= t.endMs && t.exitstatus !== 'OK'))
      .sort((a, b) => b.startMs - a.startMs)
      .slice(input.start, input.start + input.limit);
    return ok(tasks.map((t) => taskListEntry(t, now)));
  });

  app.get('/nodes/:node/tasks/:upid/status', async (request) => {
    const { node, upid } = params(request, nodePath.extend({ upid: pve.string() }));
    const state = settledState(ctx);
    requireNode(state, node);
    const task = findTask(state, upid);
    if (!task || task.node !== node) throw new PveError(500, `no such task`);
    return ok(taskStatus(task, ctx.clock.now()));
  });
}
