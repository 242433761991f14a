import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { SimContext } from '../../context.ts';
import { taskUser } from '../auth.ts';
import { startPowerTask } from '../power.ts';
import { ok, params } from '../pve-http.ts';
import { pve } from '../pve-schema.ts';
import { rrdData, timeframes } from '../rrd.ts';
import { settledState } from '../settle.ts';
import { startTask } from '../tasks.ts';
import { vmStatus } from '../vm-views.ts';
import { requireRunning, requireVm, vmPath } from './lookup.ts';

/** The directory indexes Proxmox answers for a VM and its status (the simulator has only some). */
const VM_DIRECTORIES =
  'config cloudinit pending status unlink vncproxy termproxy migrate resize move rrd rrddata monitor agent snapshot spiceproxy sendkey firewall mtunnel remote_migrate'.split(
    ' ',
  );
const STATUS_DIRECTORIES = ['current', 'start', 'stop', 'reset', 'shutdown', 'suspend', 'reboot'];

/** Status, power actions, usage history and the VNC console of a VM. */
export function registerQemuStatusRoutes(app: FastifyInstance, ctx: SimContext): void {
  for (const [path, subdirs] of [
    ['/nodes/:node/qemu/:vmid', VM_DIRECTORIES],
    ['/nodes/:node/qemu/:vmid/status', STATUS_DIRECTORIES],
  ] as const) {
    app.get(path, async (request) => {
      const { node, vmid } = params(request, vmPath);
      requireVm(settledState(ctx), node, vmid);
      return ok(subdirs.map((subdir) => ({ subdir })));
    });
  }

  app.get('/nodes/:node/qemu/:vmid/status/current', async (request) => {
    const { node, vmid } = params(request, vmPath);
    const state = settledState(ctx);
    return ok(vmStatus(state, requireVm(state, node, vmid), ctx.clock.now()));
  });

  app.post('/nodes/:node/qemu/:vmid/status/:action', async (request) => {
    const { node, vmid, action } = params(
      request,
      vmPath.extend({ action: pve.enum(['start', 'stop', 'shutdown', 'reboot', 'reset']) }),
    );
    const state = settledState(ctx);
    const vm = requireVm(state, node, vmid);
    // Reboot and reset look at the VM before they start a worker; start and stop do not.
    if (action === 'reboot' || action === 'reset') requireRunning(vm);
    const task = startPowerTask(state, ctx, { vm, action, user: taskUser(request, ctx) });
    ctx.store.save();
    return ok(task.upid);
  });

  app.get('/nodes/:node/qemu/:vmid/rrddata', async (request) => {
    const { node, vmid, timeframe, cf } = params(
      request,
      vmPath.extend({
        timeframe: pve.enum(Object.keys(timeframes) as [keyof typeof timeframes]),
        cf: pve.enum(['AVERAGE', 'MAX']).default('AVERAGE'),
      }),
    );
    const state = settledState(ctx);
    return ok(rrdData(requireVm(state, node, vmid), timeframe, cf, ctx.clock.nowSeconds()));
  });

  app.post('/nodes/:node/qemu/:vmid/vncproxy', async (request) => {
    const input = params(
      request,
      vmPath.extend({ websocket: pve.boolean().optional(), 'generate-password': pve.boolean().optional() }),
    );
    const state = settledState(ctx);
    const vm = requireVm(state, input.node, input.vmid);
    requireRunning(vm);
    // The proxy task lives while a client may connect with the ticket.
    const user = taskUser(request, ctx);
    const task = startTask(state, ctx, {
      node: input.node,
      user,
      type: 'vncproxy',
      id: String(vm.vmid),
      durationMs: 10_000,
    });
    ctx.store.save();
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
