import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SimContext } from '../../context.ts';
import { applyPower } from '../effects.ts';
import { ok, params, pveBoolean, vmidParam } from '../pve-http.ts';
import { rrdData, timeframes } from '../rrd.ts';
import { settledState } from '../settle.ts';
import type { PveVm } from '../state.ts';
import { assertUnlocked, instantTask, startTask } from '../tasks.ts';
import { vmStatus } from '../vm-views.ts';
import { requireRunning, requireVm } from './lookup.ts';

const vmPath = z.object({ node: z.string(), vmid: vmidParam });

/** Milliseconds each power action takes at timeScale 1 before the VM's state changes. */
export const POWER_MS = { start: 6_000, stop: 3_000, shutdown: 12_000, reboot: 15_000 } as const;

/** Status, power actions, usage history and the VNC console of a VM. */
export function registerQemuStatusRoutes(app: FastifyInstance, ctx: SimContext): void {
  app.get('/nodes/:node/qemu/:vmid/status/current', async (request) => {
    const { node, vmid } = params(request, vmPath);
    const state = settledState(ctx);
    return ok(vmStatus(state, requireVm(state, node, vmid), ctx.clock.now()));
  });

  app.post('/nodes/:node/qemu/:vmid/status/:action', async (request) => {
    const { node, vmid, action } = params(
      request,
      vmPath.extend({ action: z.enum(['start', 'stop', 'shutdown', 'reboot', 'reset']) }),
    );
    const state = settledState(ctx);
    const vm = requireVm(state, node, vmid);
    const now = ctx.clock.now();
    assertUnlocked(state, vm, now);
    const type = `qm${action}`;
    let task;
    if (action === 'reset') {
      requireRunning(vm);
      applyPower(vm, 'reboot', now);
      task = instantTask(state, ctx, node, type, String(vmid));
    } else if (action === 'reboot') {
      requireRunning(vm);
      task = startTask(state, ctx, {
        node,
        type,
        id: String(vmid),
        durationMs: POWER_MS.reboot,
        steps: [{ effect: { kind: 'power', vmid, action: 'reboot' } }],
      });
    } else {
      const to = action === 'start' ? 'running' : 'stopped';
      task = startTask(state, ctx, {
        node,
        type,
        id: String(vmid),
        durationMs: vm.status === to ? 500 : POWER_MS[action],
        failure: powerFailure(vm, action),
        steps: [{ effect: { kind: 'power', vmid, action: action === 'start' ? 'start' : 'stop' } }],
      });
    }
    ctx.store.save();
    return ok(task.upid);
  });

  app.get('/nodes/:node/qemu/:vmid/rrddata', async (request) => {
    const { node, vmid, timeframe, cf } = params(
      request,
      vmPath.extend({
        timeframe: z.enum(Object.keys(timeframes) as [keyof typeof timeframes]),
        cf: z.enum(['AVERAGE', 'MAX']).default('AVERAGE'),
      }),
    );
    const state = settledState(ctx);
    return ok(rrdData(requireVm(state, node, vmid), timeframe, cf, ctx.clock.nowSeconds()));
  });

  app.post('/nodes/:node/qemu/:vmid/vncproxy', async (request) => {
    const input = params(
      request,
      vmPath.extend({ websocket: pveBoolean.optional(), 'generate-password': pveBoolean.optional() }),
    );
    const state = settledState(ctx);
    const vm = requireVm(state, input.node, input.vmid);
    requireRunning(vm);
    // The proxy task lives while a client may connect with the ticket.
    const task = startTask(state, ctx, {
      node: input.node,
      type: 'vncproxy',
      id: String(vm.vmid),
      durationMs: 10_000,
    });
    ctx.store.save();
    const user = ctx.credentials.proxmox.tokenId;
    return ok({
      user,
      port: String(5900 + (state.counter % 100)),
      ticket: `PVEVNC:${Math.floor(ctx.clock.now() / 1000)
        .toString(16)
        .toUpperCase()}::${randomBytes(96).toString('base64')}`,
      upid: task.upid,
      cert: '-----BEGIN CERTIFICATE-----\nc2ltdWxhdGVkIGNlcnRpZmljYXRl\n-----END CERTIFICATE-----\n',
      ...(input['generate-password'] ? { password: randomBytes(6).toString('base64url').slice(0, 8) } : {}),
    });
  });
}

/** What the worker of a start or shutdown reports when the VM is already where it was sent. */
function powerFailure(vm: PveVm, action: 'start' | 'stop' | 'shutdown'): string | undefined {
  if (action === 'start' && vm.status === 'running') return `VM ${vm.vmid} already running`;
  if (action === 'shutdown' && vm.status !== 'running') return `VM ${vm.vmid} not running`;
  return undefined;
}
