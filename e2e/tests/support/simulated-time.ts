import { ownServer } from '../../servers.ts';

/** Calls the control API of this worker's datacenter simulator (its clock). */
async function clock(action: 'hold' | 'release'): Promise<void> {
  const response = await fetch(`http://127.0.0.1:${ownServer().datacenterPort}/_control/clock/${action}`, {
    method: 'POST',
  });
  if (!response.ok) throw new Error(`The simulator refused to ${action} its clock: ${response.status}`);
}

/**
 * Runs `steps` with the simulator's time stopped, then lets it run on: an operation (a reinstall,
 * a reboot into rescue) stays at its first step, cancellable and shown in progress, however slow
 * the machine is, so the journey checks what a user sees then without racing the operation.
 */
export async function withSimulatedTimeHeld(steps: () => Promise<void>): Promise<void> {
  await clock('hold');
  try {
    await steps();
  } finally {
    await clock('release');
  }
}
