import type { SimContext } from '../context.ts';
import { PveError } from './pve-http.ts';
import type { ProxmoxState, PveTask, PveVm, TaskEffect } from './state.ts';
import { formatUpid } from './upid.ts';

/**
 * Asynchronous work as Proxmox does it: a write starts a worker task and answers its UPID at once;
 * the task runs for a while (durations are for timeScale 1 and scaled by it), holds locks on the
 * VMs it works on, and changes the cluster through its steps when their time comes.
 */
export interface TaskPlan {
  node: string;
  type: string;
  id: string;
  /** Who started it (see auth.ts taskUser); scheduled jobs run as root@pam. */
  user: string;
  /** Milliseconds at timeScale 1. */
  durationMs: number;
  /** Locks held on VMs, by default for the whole task (offsets are fractions of the duration). */
  holds?: { vmid: number; lock: string; from?: number; to?: number }[];
  /** Effects, applied at a fraction of the duration (default: at the end). */
  steps?: { effect: TaskEffect; at?: number }[];
  /** Start the task in the past, e.g. a scheduled backup that came due while nobody asked. */
  startMs?: number;
  /** End with this error instead of doing the work. */
  failure?: string;
  /**
   * The task first waits for the VM's lock file (vm-lock.ts) until this time, then works for its
   * duration holding it.
   */
  lockFile?: { vmid: number; acquiredMs: number };
}

const KEEP_FINISHED_TASKS = 200;

export function startTask(state: ProxmoxState, ctx: SimContext, plan: TaskPlan): PveTask {
  const startMs = plan.startMs ?? ctx.clock.now();
  const workMs = plan.lockFile?.acquiredMs ?? startMs;
  const durationMs = Math.max(1, Math.round(plan.durationMs * ctx.timeScale));
  const at = (fraction: number | undefined) => workMs + Math.round(durationMs * (fraction ?? 1));
  const failure = plan.failure ?? takeQueuedFailure(state, plan.type);
  state.counter += 1;
  const task: PveTask = {
    upid: formatUpid({ ...plan, pid: 4096 + state.counter, startMs }),
    node: plan.node,
    type: plan.type,
    id: plan.id,
    user: plan.user,
    startMs,
    endMs: workMs + durationMs,
    exitstatus: failure ?? 'OK',
    ...(plan.lockFile
      ? { lockFile: { vmid: plan.lockFile.vmid, fromMs: workMs, toMs: workMs + durationMs } }
      : {}),
    holds: (plan.holds ?? []).map((h) => ({
      vmid: h.vmid,
      lock: h.lock,
      fromMs: at(h.from ?? 0),
      toMs: at(h.to),
    })),
    steps: failure ? [] : (plan.steps ?? []).map((s) => ({ atMs: at(s.at), effect: s.effect })),
  };
  state.tasks.push(task);
  return task;
}

/** A task that is over as soon as it starts: Proxmox still answers a UPID for such writes. */
export function instantTask(
  state: ProxmoxState,
  ctx: SimContext,
  task: Pick<TaskPlan, 'node' | 'type' | 'id' | 'user'>,
): PveTask {
  return startTask(state, ctx, { ...task, durationMs: 0 });
}

function takeQueuedFailure(state: ProxmoxState, type: string): string | undefined {
  const queued = state.taskFailures.find((f) => f.type === type && f.remaining > 0);
  if (!queued) return undefined;
  queued.remaining -= 1;
  state.taskFailures = state.taskFailures.filter((f) => f.remaining > 0);
  return queued.message;
}

/**
 * Applies every step that has come due, in time order, and forgets old finished tasks. Returns
 * whether anything changed (the caller saves then).
 */
export function applyDueSteps(
  state: ProxmoxState,
  nowMs: number,
  apply: (effect: TaskEffect, atMs: number) => void,
): boolean {
  const due = state.tasks
    .flatMap((task) => task.steps.filter((s) => s.atMs <= nowMs).map((step) => ({ task, step })))
    .sort((a, b) => a.step.atMs - b.step.atMs);
  for (const { task, step } of due) {
    task.steps = task.steps.filter((s) => s !== step);
    apply(step.effect, step.atMs);
  }
  const finished = state.tasks.filter((t) => t.endMs <= nowMs);
  if (finished.length > KEEP_FINISHED_TASKS) {
    const drop = new Set(finished.slice(0, finished.length - KEEP_FINISHED_TASKS));
    state.tasks = state.tasks.filter((t) => !drop.has(t));
  }
  return due.length > 0;
}

/** The lock a running task holds on the VM now, as `status/current` and `config` show it. */
export function lockOf(state: ProxmoxState, vmid: number, nowMs: number): string | undefined {
  for (const task of state.tasks) {
    for (const hold of task.holds) {
      if (hold.vmid === vmid && hold.fromMs <= nowMs && nowMs < hold.toMs) return hold.lock;
    }
  }
  return undefined;
}

/** Proxmox refuses most changes to a locked VM with a 500 naming the lock. */
export function assertUnlocked(state: ProxmoxState, vm: PveVm, nowMs: number): void {
  const lock = lockOf(state, vm.vmid, nowMs);
  if (lock) throw new PveError(500, `VM ${vm.vmid} is locked (${lock})`);
}

export function findTask(state: ProxmoxState, upid: string): PveTask | undefined {
  return state.tasks.find((t) => t.upid === upid);
}

/** `GET /nodes/{node}/tasks/{upid}/status`. */
export function taskStatus(task: PveTask, nowMs: number) {
  const running = nowMs < task.endMs;
  return {
    upid: task.upid,
    node: task.node,
    ...processOf(task),
    starttime: Math.floor(task.startMs / 1000),
    type: task.type,
    id: task.id,
    user: task.user,
    status: running ? 'running' : 'stopped',
    ...(running ? {} : { exitstatus: task.exitstatus }),
  };
}

/** An entry of `GET /nodes/{node}/tasks`. */
export function taskListEntry(task: PveTask, nowMs: number) {
  const running = nowMs < task.endMs;
  return {
    upid: task.upid,
    node: task.node,
    ...processOf(task),
    type: task.type,
    id: task.id,
    user: task.user,
    starttime: Math.floor(task.startMs / 1000),
    ...(running ? {} : { endtime: Math.floor(task.endMs / 1000), status: task.exitstatus }),
  };
}

/** The worker's process id and start, as the UPID records them. */
function processOf(task: PveTask): { pid: number; pstart: number } {
  const [, , pid, pstart] = task.upid.split(':');
  return { pid: Number.parseInt(pid ?? '0', 16), pstart: Number.parseInt(pstart ?? '0', 16) };
}
