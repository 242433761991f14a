import type { SimContext } from '../context.ts';
import type { ProxmoxState, PveTask, PveVm } from './state.ts';
import { lockOf, startTask, type TaskPlan } from './tasks.ts';
import {
  LOCK_FILE_TIMEOUT_MS,
  lockFileFreeAt,
  lockFileTimeout,
  lockFileWithinReach,
  projectedStatus,
} from './vm-lock.ts';

export type PowerAction = 'start' | 'stop' | 'shutdown' | 'reboot' | 'reset';

/** Milliseconds each power change works at timeScale 1 before the VM's state changes. */
export const POWER_MS = { start: 6_000, stop: 3_000, shutdown: 12_000, reboot: 15_000, reset: 0 } as const;
/** A worker that finds nothing to do, or refuses, is over this quickly. */
const NO_OP_MS = 500;
const REFUSED_MS = 200;

type Outcome = Pick<TaskPlan, 'durationMs' | 'failure' | 'steps'>;

/**
 * A power change as Proxmox's worker runs it: it first waits for the VM's lock file (failing
 * after the timeout), then looks at the VM as it is by then, when earlier power changes are over.
 */
export function startPowerTask(
  state: ProxmoxState,
  ctx: SimContext,
  request: { vm: PveVm; action: PowerAction; user: string },
): PveTask {
  const { vm, action, user } = request;
  const now = ctx.clock.now();
  const task = { node: vm.node, type: `qm${action}`, id: String(vm.vmid), user };
  const acquiredMs = lockFileFreeAt(state, vm.vmid, now);
  if (!lockFileWithinReach(ctx, acquiredMs, now)) {
    return startTask(state, ctx, {
      ...task,
      durationMs: LOCK_FILE_TIMEOUT_MS,
      failure: lockFileTimeout(vm.vmid),
    });
  }
  const outcome = powerOutcome(vm, action, projectedStatus(state, vm), lockOf(state, vm.vmid, acquiredMs));
  return startTask(state, ctx, { ...task, ...outcome, lockFile: { vmid: vm.vmid, acquiredMs } });
}

/** What the worker does with the lock file in hand, given the VM's power state and config lock. */
function powerOutcome(
  vm: PveVm,
  action: PowerAction,
  status: PveVm['status'],
  configLock: string | undefined,
): Outcome {
  const running = status === 'running';
  const refused = (failure: string): Outcome => ({ durationMs: REFUSED_MS, failure });
  const noOp: Outcome = { durationMs: NO_OP_MS };
  const locked = configLock ? refused(`VM ${vm.vmid} is locked (${configLock})`) : undefined;
  const change = (effect: 'start' | 'stop' | 'reboot'): Outcome => ({
    durationMs: POWER_MS[action],
    steps: [{ effect: { kind: 'power', vmid: vm.vmid, action: effect } }],
  });
  switch (action) {
    case 'start':
      if (vm.config.template) return refused("you can't start a vm if it's a template");
      // During a backup the VM's process may be up but paused: a start resumes it.
      if (configLock === 'backup' && running) return noOp;
      return locked ?? (running ? refused(`VM ${vm.vmid} already running`) : change('start'));
    case 'stop':
    case 'shutdown':
      return running ? (locked ?? change('stop')) : noOp;
    case 'reboot':
      return running ? (locked ?? change('reboot')) : noOp;
    case 'reset':
      return running ? (locked ?? change('reboot')) : refused(`VM ${vm.vmid} not running`);
  }
}
