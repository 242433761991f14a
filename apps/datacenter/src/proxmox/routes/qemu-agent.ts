import type { FastifyInstance } from 'fastify';
import type { SimContext } from '../../context.ts';
import { ok, params, PveError } from '../pve-http.ts';
import { pve } from '../pve-schema.ts';
import { settledState } from '../settle.ts';
import type { ProxmoxState, PveVm } from '../state.ts';
import { requireVm, vmPath } from './lookup.ts';

const setUserPassword = vmPath.extend({
  username: pve.string(),
  password: pve.string({ minLength: 5, maxLength: 1024 }),
  crypted: pve.boolean().optional(),
});

/**
 * The QEMU guest agent calls Rackdesk uses. Every simulated VM has the agent configured and
 * installed; it answers while the VM runs and is not rebooting, as a real guest's agent does.
 */
export function registerQemuAgentRoutes(app: FastifyInstance, ctx: SimContext): void {
  app.post('/nodes/:node/qemu/:vmid/agent/set-user-password', async (request) => {
    const input = params(request, setUserPassword);
    const state = settledState(ctx);
    const vm = requireVm(state, input.node, input.vmid);
    requireAgent(state, vm, ctx.clock.now());
    // Kept in the clear for the control view only: tests check what the guest would now accept.
    vm.guestPasswords = { ...vm.guestPasswords, [input.username]: input.password };
    ctx.store.save();
    return ok({ result: {} });
  });
}

/** Proxmox's own checks before it talks to the agent: the VM runs, the agent answers. */
function requireAgent(state: ProxmoxState, vm: PveVm, nowMs: number): void {
  if (vm.status !== 'running') throw new PveError(500, `VM ${vm.vmid} is not running`);
  const rebooting = state.tasks.some(
    (t) => t.type === 'qmreboot' && t.id === String(vm.vmid) && t.exitstatus === 'OK' && t.endMs > nowMs,
  );
  if (rebooting) throw new PveError(500, 'QEMU guest agent is not running');
}
