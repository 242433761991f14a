import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SimContext } from '../../context.ts';
import { jobView } from '../backups.ts';
import { parseCalendarEvent } from '../calendar.ts';
import { ok, params, PveError } from '../pve-http.ts';
import { formats, pve } from '../pve-schema.ts';
import { settledState } from '../settle.ts';
import { nodeResource, storageResources } from '../node-views.ts';
import type { BackupJob, ProxmoxState } from '../state.ts';
import { vmResource } from '../vm-views.ts';

export const vzdumpFields = {
  vmid: pve.string({ format: formats.vmidList }),
  storage: pve.storage(),
  mode: pve.enum(['snapshot', 'suspend', 'stop']),
  compress: pve.enum(['0', '1', 'gzip', 'lzo', 'zstd']),
  'prune-backups': pve.string({
    format: (value) =>
      /^(keep-(all=[01]|(last|hourly|daily|weekly|monthly|yearly)=\d+)(,|$))+$/.test(value)
        ? undefined
        : 'format error',
  }),
  'notes-template': pve.string({ maxLength: 1024 }),
  remove: pve.boolean(),
};
const jobFields = {
  ...vzdumpFields,
  schedule: pve.string({
    maxLength: 128,
    format: (value) =>
      parseCalendarEvent(value) === undefined ? `unable to parse calendar event '${value}'` : undefined,
  }),
  enabled: pve.boolean(),
  comment: pve.string({ maxLength: 512 }),
};
const jobId = pve.string({
  maxLength: 50,
  format: (value) =>
    /^[a-z][a-z0-9\-_.]*[a-z0-9]$/i.test(value) ? undefined : `invalid configuration ID '${value}'`,
});

/** Cluster-wide reads (resources, next free id) and the vzdump backup jobs. */
export function registerClusterRoutes(app: FastifyInstance, ctx: SimContext): void {
  app.get('/cluster/resources', async (request) => {
    const { type } = params(
      request,
      z.object({ type: pve.enum(['vm', 'storage', 'node', 'sdn']).optional() }),
    );
    const state = settledState(ctx);
    const now = ctx.clock.now();
    const wanted = (t: string) => !type || type === t;
    return ok([
      ...(wanted('node') ? Object.values(state.nodes).map((n) => nodeResource(state, n, now)) : []),
      ...(wanted('vm') ? Object.values(state.vms).map((vm) => vmResource(state, vm, now)) : []),
      ...(wanted('storage') ? storageResources(state) : []),
    ]);
  });

  app.get('/cluster/nextid', async (request) => {
    const { vmid } = params(request, z.object({ vmid: pve.vmid().optional() }));
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

  app.get('/cluster/backup', async () => ok(settledState(ctx).backupJobs.map(jobView)));

  app.get('/cluster/backup/:id', async (request) => {
    const { id } = params(request, z.object({ id: jobId }));
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
        id: jobId,
        schedule: jobFields.schedule.optional(),
        vmid: jobFields.vmid.optional(),
        storage: jobFields.storage.optional(),
        mode: jobFields.mode.optional(),
        compress: jobFields.compress.optional(),
        enabled: jobFields.enabled.optional(),
        comment: jobFields.comment.optional(),
        'prune-backups': jobFields['prune-backups'].optional(),
        'notes-template': jobFields['notes-template'].optional(),
        delete: pve.string({ maxLength: 4096 }).optional(),
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
    const { id } = params(request, z.object({ id: jobId }));
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
