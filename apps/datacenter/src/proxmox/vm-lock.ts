import type { SimContext } from '../context.ts';
import { PveError } from './pve-http.ts';
import type { ProxmoxState, PveVm } from './state.ts';

/**
 * The VM's lock file, `/var/lock/qemu-server/lock-<vmid>.conf`: Proxmox takes it around every
 * power change and configuration write, waits for it up to ten seconds, and fails with
 * "can't lock file … - got timeout" when it stays taken. Power tasks hold it for as long as they
 * work (a shutdown for as long as the guest takes), so power changes sent in a row run one after
 * the other, and those that would wait too long fail. Waiters get it in the order they came.
 *
 * Unrelated to a VM's configuration lock (`lock: backup` …, TaskHold in state.ts), which a task
 * sets for a long operation and which power changes refuse once they hold the lock file.
 */
export const LOCK_FILE_TIMEOUT_MS = 10_000;

export function lockFileTimeout(vmid: number): string {
  return `can't lock file '/var/lock/qemu-server/lock-${vmid}.conf' - got timeout`;
}

/** When a newcomer would get the lock file: once every task holding or awaiting it is done. */
export function lockFileFreeAt(state: ProxmoxState, vmid: number, nowMs: number): number {
  let free = nowMs;
  for (const task of state.tasks) {
    if (task.lockFile?.vmid === vmid && task.lockFile.toMs > free) free = task.lockFile.toMs;
  }
  return free;
}

/** Whether a newcomer at `nowMs` gets the lock file within the timeout (scaled like every duration). */
export function lockFileWithinReach(ctx: SimContext, freeAtMs: number, nowMs: number): boolean {
  return freeAtMs - nowMs <= LOCK_FILE_TIMEOUT_MS * ctx.timeScale;
}

/**
 * A write the API server does itself (configuration, resize) while a power task holds the lock
 * file: it gets it if it comes free within the timeout (the simulator answers at once, as if it
 * had waited), otherwise it fails like Proxmox's would after its ten seconds.
 */
export function assertLockFileWithinReach(state: ProxmoxState, ctx: SimContext, vm: PveVm): void {
  const now = ctx.clock.now();
  if (!lockFileWithinReach(ctx, lockFileFreeAt(state, vm.vmid, now), now))
    throw new PveError(500, lockFileTimeout(vm.vmid));
}

/** The VM's power state once every power change already queued or running has taken effect. */
export function projectedStatus(state: ProxmoxState, vm: PveVm): PveVm['status'] {
  const pending = state.tasks
    .flatMap((task) => task.steps)
    .filter((step) => step.effect.kind === 'power' && step.effect.vmid === vm.vmid)
    .sort((a, b) => a.atMs - b.atMs);
  let status = vm.status;
  for (const { effect } of pending) {
    if (effect.kind !== 'power' || effect.action === 'reboot') continue;
    status = effect.action === 'start' ? 'running' : 'stopped';
  }
  return status;
}
