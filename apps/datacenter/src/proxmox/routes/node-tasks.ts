import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SimContext } from '../../context.ts';
import { startBackup } from '../backups.ts';
import { ok, params, pveBoolean, PveError } from '../pve-http.ts';
import { settledState } from '../settle.ts';
import { findTask, taskListEntry, taskStatus } from '../tasks.ts';
import { requireNode, requireStorage } from './lookup.ts';

/** Backups on demand (vzdump) and the node's task list and task status. */
export function registerNodeTaskRoutes(app: FastifyInstance, ctx: SimContext): void {
  app.post('/nodes/:node/vzdump', async (request) => {
    const input = params(
      request,
      z.object({
        node: z.string(),
        vmid: z
          .string()
          .regex(/^\d+(,\d+)*$/, 'invalid format - value does not look like a valid VM ID list'),
        storage: z.string().default('local'),
        mode: z.enum(['snapshot', 'suspend', 'stop']).default('snapshot'),
        compress: z.enum(['0', '1', 'gzip', 'lzo', 'zstd']).default('0'),
        remove: pveBoolean.optional(),
        'notes-template': z.string().optional(),
        'prune-backups': z.string().optional(),
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
      z.object({
        node: z.string(),
        typefilter: z.string().optional(),
        vmid: z.coerce.number().int().optional(),
        source: z.enum(['archive', 'active', 'all']).default('archive'),
        errors: pveBoolean.optional(),
        limit: z.coerce.number().int().min(0).default(50),
        start: z.coerce.number().int().min(0).default(0),
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
      .filter((t) => !input.errors || (now >= t.endMs && t.exitstatus !== 'OK'))
      .sort((a, b) => b.startMs - a.startMs)
      .slice(input.start, input.start + input.limit);
    return ok(tasks.map((t) => taskListEntry(t, now)));
  });

  app.get('/nodes/:node/tasks/:upid/status', async (request) => {
    const { node, upid } = params(request, z.object({ node: z.string(), upid: z.string() }));
    const state = settledState(ctx);
    requireNode(state, node);
    const task = findTask(state, upid);
    if (!task || task.node !== node) throw new PveError(500, `no such task`);
    return ok(taskStatus(task, ctx.clock.now()));
  });
}
