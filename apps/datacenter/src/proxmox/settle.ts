import type { SimContext } from '../context.ts';
import { runDueJobs } from './backups.ts';
import { applyEffect } from './effects.ts';
import { type ProxmoxState, proxmoxState } from './state.ts';
import { applyDueSteps } from './tasks.ts';

/**
 * The cluster as it is now: scheduled backups that came due are started and task steps that came
 * due are applied, in time order, before a handler looks at anything. No timers run, so state
 * written to disk is all there is and a restart resumes exactly where it left off.
 */
export function settledState(ctx: SimContext): ProxmoxState {
  const state = proxmoxState(ctx);
  const now = ctx.clock.now();
  const jobsStarted = runDueJobs(state, ctx, now);
  const stepsApplied = applyDueSteps(state, now, (effect, atMs) => applyEffect(state, effect, atMs));
  if (jobsStarted || stepsApplied) ctx.store.save();
  return state;
}
