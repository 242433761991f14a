import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SimContext } from '../../context.ts';
import { jobView } from '../backups.ts';
import { parseCalendarEvent } from '../calendar.ts';
import { ok, params, pveBoolean, PveError } from '../pve-http.ts';
import { settledState } from '../settle.ts';
import type { BackupJob, ProxmoxState } from '../state.ts';
import { storagesOn } from '../state.ts';
import { vmResource } from '../vm-views.ts';
import { requireNode } from './lookup.ts';

const jobFields = {
  schedule: z
    .string()
    .refine((s) => parseCalendarEvent(s) !== undefined, 'invalid format - unable to parse calendar event'),
  vmid: z.string().regex(/^\d+(,\d+)*$/, 'invalid format - value does not look like a valid VM ID list'),
  storage: z.string(),
  mode: z.enum(['snapshot', 'suspend', 'stop']),
  compress: z.enum(['0', '1', 'gzip', 'lzo', 'zstd']),
  enabled: pveBoolean,
  comment: z.string(),
  'prune-backups': z
    .string()
    .regex(/^(keep-(last|daily|weekly|monthly|yearly|hourly)=\d+,?)+$/, 'invalid format'),
  'notes-template': z.string(),
};
const jobId = z.string().regex(/^[a-zA-Z][a-zA-Z0-9_-]{1,49}$/, 'invalid format - invalid configuration ID');

/** Cluster-wide reads (resources, next free id, nodes) and the vzdump backup jobs. */
export function registerClusterRoutes(app: FastifyInstance, ctx: SimContext): void {
  app.get('/cluster/resources', async (request) => {
    const { type } = params(request, z.object({ type: z.enum(['vm', 'storage', 'node', 'sdn']).optional() }));
    const state = settledState(ctx);
    const now = ctx.clock.now();
    const wanted = (t: string) => !type || type === t;
    return ok([
      ...(wanted('node') ? Object.values(state.nodes).map((n) => nodeResource(n.node)) : []),
      ...(wanted('vm') ? Object.values(state.vms).map((vm) => vmResource(state, vm, now)) : []),
      ...(wanted('storage') ? storageResources(state) : []),
    ]);
  });

  app.get('/cluster/nextid', async (request) => {
    const { vmid } = params(request, z.object({ vmid: z.coerce.number().int().optional() }));
    const state = settledState(ctx);
    if (vmid !== undefined) {
      if (state.vms[String(vmid)])
        throw new PveError(400, 'Parameter verification failed.', { vmid: `VM ${vmid} already exists` });
      return ok(String(vmid));
    }
    let next = 100;
    while (state.vms[String(next)]) next += 1;
    return ok(String(next));
  });

  app.get('/nodes', async () => {
    const state = settledState(ctx);
    return ok(Object.values(state.nodes).map((n) => ({ ...nodeResource(n.node), type: 'node' })));
  });

  app.get('/nodes/:node/config', async (request) => {
    const { node } = params(request, z.object({ node: z.string() }));
    const state = settledState(ctx);
    requireNode(state, node);
    return ok({ description: state.nodes[node]!.description, digest: 'd1e5c0ffee' });
  });

  app.get('/cluster/backup', async () => ok(settledState(ctx).backupJobs.map(jobView)));

  app.get('/cluster/backup/:id', async (request) => {
    const { id } = params(request, z.object({ id: z.string() }));
    return ok(jobView(requireJob(settledState(ctx), id)));
  });

  app.post('/cluster/backup', async (request) => {
    const input = params(
      request,
      z.object({
        id: jobId.optional(),
        schedule: jobFields.schedule.default('00:00'),
        vmid: jobFields.vmid,
        storage: jobFields.storage.default('local'),
        mode: jobFields.mode.default('snapshot'),
        compress: jobFields.compress.default('0'),
        enabled: jobFields.enabled.default(true),
        comment: jobFields.comment.optional(),
        'prune-backups': jobFields['prune-backups'].optional(),
        'notes-template': jobFields['notes-template'].optional(),
      }),
    );
    const state = settledState(ctx);
    const id = input.id ?? `backup-${randomBytes(4).toString('hex')}-${randomBytes(2).toString('hex')}`;
    if (state.backupJobs.some((j) => j.id === id)) throw new PveError(500, `Job '${id}' already exists`);
    requireBackupStorage(state, input.storage);
    state.backupJobs.push({
      id,
      schedule: input.schedule,
      vmid: input.vmid,
      storage: input.storage,
      mode: input.mode,
      compress: input.compress,
      enabled: input.enabled,
      ...(input.comment ? { comment: input.comment } : {}),
      ...(input['prune-backups'] ? { 'prune-backups': input['prune-backups'] } : {}),
      lastRun: ctx.clock.nowSeconds(),
    });
    ctx.store.save();
    return ok(null);
  });

  app.put('/cluster/backup/:id', async (request) => {
    const input = params(
      request,
      z.object({
        id: z.string(),
        schedule: jobFields.schedule.optional(),
        vmid: jobFields.vmid.optional(),
        storage: jobFields.storage.optional(),
        mode: jobFields.mode.optional(),
        compress: jobFields.compress.optional(),
        enabled: jobFields.enabled.optional(),
        comment: jobFields.comment.optional(),
        'prune-backups': jobFields['prune-backups'].optional(),
        'notes-template': jobFields['notes-template'].optional(),
        delete: z.string().optional(),
      }),
    );
    const state = settledState(ctx);
    const job = requireJob(state, input.id);
    if (input.storage) requireBackupStorage(state, input.storage);
    const { id: _id, delete: deletions, 'notes-template': _notes, ...changes } = input;
    for (const key of deletions?.split(/[,;\s]+/) ?? [])
      if (key === 'comment' || key === 'prune-backups') delete job[key];
    const wasEnabled = job.enabled;
    Object.assign(job, Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)));
    // Missed runs are not repeated: a job switched on or rescheduled counts from now.
    if ((job.enabled && !wasEnabled) || input.schedule) job.lastRun = ctx.clock.nowSeconds();
    ctx.store.save();
    return ok(null);
  });

  app.delete('/cluster/backup/:id', async (request) => {
    const { id } = params(request, z.object({ id: z.string() }));
    const state = settledState(ctx);
    requireJob(state, id);
    state.backupJobs = state.backupJobs.filter((j) => j.id !== id);
    ctx.store.save();
    return ok(null);
  });
}

function requireJob(state: ProxmoxState, id: string): BackupJob {
  const job = state.backupJobs.find((j) => j.id === id);
  if (!job) throw new PveError(500, `job '${id}' does not exist`);
  return job;
}

function requireBackupStorage(state: ProxmoxState, storage: string): void {
  if (!state.storages[storage]?.content.includes('backup')) {
    throw new PveError(400, 'Parameter verification failed.', {
      storage: `storage '${storage}' does not support backups`,
    });
  }
}

function nodeResource(node: string) {
  return {
    id: `node/${node}`,
    type: 'node',
    node,
    status: 'online',
    level: '',
    maxcpu: 64,
    maxmem: 512 * 1024 ** 3,
  };
}

function storageResources(state: ProxmoxState) {
  return Object.values(state.nodes).flatMap(({ node }) =>
    storagesOn(state, node).map((s) => {
      const used = Object.values(state.volumes)
        .filter((v) => v.storage === s.storage)
        .reduce((sum, v) => sum + v.size, 0);
      return {
        id: `storage/${node}/${s.storage}`,
        type: 'storage',
        node,
        storage: s.storage,
        plugintype: s.type,
        content: s.content.join(','),
        shared: s.shared ? 1 : 0,
        status: 'available',
        disk: used,
        maxdisk: s.totalBytes,
      };
    }),
  );
}
