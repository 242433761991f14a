import type { SimContext } from '../context.ts';
import { nextEvent, parseCalendarEvent } from './calendar.ts';
import type { BackupJob, ProxmoxState, PveTask } from './state.ts';
import { vmOf } from './state.ts';
import { lockOf, startTask } from './tasks.ts';

/** A VM's backup runs this long at timeScale 1, holding lock `backup` meanwhile. */
export const BACKUP_MS_PER_VM = 90_000;

export interface BackupRun {
  node: string;
  user: string;
  vmids: number[];
  storage: string;
  compress: string;
  keepLast?: number;
  startMs?: number;
}

/**
 * One vzdump task: the VMs are backed up one after the other, each locked during its turn, and
 * each archive appears in the storage only once its turn is over. A VM that is locked already is
 * skipped and the task ends with an error, as vzdump reports per-VM failures.
 */
export function startBackup(state: ProxmoxState, ctx: SimContext, run: BackupRun): PveTask {
  const at = run.startMs ?? ctx.clock.now();
  const ready = run.vmids.filter((vmid) => vmOf(state, vmid) && !lockOf(state, vmid, at));
  const skipped = run.vmids.length - ready.length;
  const slots = Math.max(1, ready.length);
  return startTask(state, ctx, {
    node: run.node,
    user: run.user,
    type: 'vzdump',
    id: run.vmids.length === 1 ? String(run.vmids[0]) : '',
    durationMs: BACKUP_MS_PER_VM * slots,
    startMs: run.startMs,
    holds: ready.map((vmid, i) => ({ vmid, lock: 'backup', from: i / slots, to: (i + 1) / slots })),
    steps: ready.map((vmid, i) => ({
      at: (i + 1) / slots,
      effect: { kind: 'backup', vmid, storage: run.storage, compress: run.compress, keepLast: run.keepLast },
    })),
    ...(skipped > 0 && ready.length === 0 ? { failure: 'job errors' } : {}),
  });
}

/** When the job runs next: the schedule's first event after its last run (or its creation). */
export function nextRunOf(job: BackupJob): number | undefined {
  const event = parseCalendarEvent(job.schedule);
  return event ? nextEvent(event, job.lastRun) : undefined;
}

/** A job as `GET /cluster/backup` lists it. */
export function jobView(job: BackupJob) {
  const next = job.enabled ? nextRunOf(job) : undefined;
  return {
    id: job.id,
    type: 'vzdump',
    schedule: job.schedule,
    vmid: job.vmid,
    storage: job.storage,
    mode: job.mode,
    compress: job.compress,
    enabled: job.enabled ? 1 : 0,
    ...(job.comment ? { comment: job.comment } : {}),
    ...(job['prune-backups'] ? { 'prune-backups': job['prune-backups'] } : {}),
    ...(next === undefined ? {} : { 'next-run': next }),
  };
}

/**
 * Starts the backups of every enabled job whose next run has passed, dated at the scheduled
 * time. After a long clock jump only the latest missed run happens (like a node that was down).
 */
export function runDueJobs(state: ProxmoxState, ctx: SimContext, nowMs: number): boolean {
  const nowS = Math.floor(nowMs / 1000);
  let changed = false;
  for (const job of state.backupJobs) {
    if (!job.enabled) continue;
    let due = nextRunOf(job);
    if (due === undefined || due > nowS) continue;
    for (let next = nextRunOf({ ...job, lastRun: due }); next !== undefined && next <= nowS;) {
      due = next;
      next = nextRunOf({ ...job, lastRun: due });
    }
    job.lastRun = due;
    changed = true;
    const keepLast = Number(/keep-last=(\d+)/.exec(job['prune-backups'] ?? '')?.[1]) || undefined;
    for (const [node, vmids] of byNode(state, job.vmid)) {
      startBackup(state, ctx, {
        node,
        // Scheduled jobs run as root, whoever created them.
        user: 'root@pam',
        vmids,
        storage: job.storage,
        compress: job.compress,
        keepLast,
        startMs: due * 1000,
      });
    }
  }
  return changed;
}

function byNode(state: ProxmoxState, vmidList: string): Map<string, number[]> {
  const groups = new Map<string, number[]>();
  for (const vmid of vmidList.split(',').map(Number)) {
    const vm = vmOf(state, vmid);
    if (vm) groups.set(vm.node, [...(groups.get(vm.node) ?? []), vmid]);
  }
  return groups;
}
