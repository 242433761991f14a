import { currentValue, sinceBoot } from './counters.ts';
import type { ProxmoxState, PveVm } from './state.ts';
import { lockOf } from './tasks.ts';
import { diskSizeOf } from './vm-config.ts';

/** The shapes Proxmox answers about a VM: `status/current`, `config` and `cluster/resources`. */
export function vmStatus(state: ProxmoxState, vm: PveVm, nowMs: number) {
  const nowS = nowMs / 1000;
  const lock = lockOf(state, vm.vmid, nowMs);
  const running = vm.status === 'running';
  const maxmem = Number(vm.config.memory ?? 0) * 1024 * 1024;
  return {
    vmid: vm.vmid,
    name: String(vm.config.name ?? `VM ${vm.vmid}`),
    status: vm.status,
    qmpstatus: vm.status,
    cpus: Number(vm.config.cores ?? 1) * Number(vm.config.sockets ?? 1),
    cpu: round(currentValue(vm, 'cpu', nowS)),
    maxmem,
    mem: Math.round(currentValue(vm, 'mem', nowS) * maxmem),
    maxdisk: diskSizeOf(vm.config),
    disk: 0,
    netin: sinceBoot(vm, 'netin', nowS),
    netout: sinceBoot(vm, 'netout', nowS),
    diskread: sinceBoot(vm, 'diskread', nowS),
    diskwrite: sinceBoot(vm, 'diskwrite', nowS),
    uptime: running && vm.bootMs !== null ? Math.max(0, Math.floor((nowMs - vm.bootMs) / 1000)) : 0,
    ...(running
      ? { pid: 10_000 + vm.vmid, 'running-machine': 'pc-i440fx-8.1+pve0', 'running-qemu': '8.1.5' }
      : {}),
    ...(lock ? { lock } : {}),
    ...(vm.config.tags ? { tags: String(vm.config.tags) } : {}),
    ...(vm.config.template ? { template: 1 } : {}),
    ha: { managed: 0 },
  };
}

/** `GET …/config`: the stored keys, the current lock, secrets masked as Proxmox masks them. */
export function vmConfigView(state: ProxmoxState, vm: PveVm, nowMs: number) {
  const lock = lockOf(state, vm.vmid, nowMs);
  const config = { ...vm.config };
  if (config.cipassword) config.cipassword = '**********';
  return { ...config, ...(lock ? { lock } : {}), digest: digestOf(vm.config) };
}

export function vmResource(state: ProxmoxState, vm: PveVm, nowMs: number) {
  const status = vmStatus(state, vm, nowMs);
  return {
    id: `qemu/${vm.vmid}`,
    type: 'qemu',
    node: vm.node,
    vmid: vm.vmid,
    name: status.name,
    status: status.status,
    template: vm.config.template ? 1 : 0,
    maxcpu: status.cpus,
    cpu: status.cpu,
    maxmem: status.maxmem,
    mem: status.mem,
    maxdisk: status.maxdisk,
    disk: 0,
    netin: status.netin,
    netout: status.netout,
    diskread: status.diskread,
    diskwrite: status.diskwrite,
    uptime: status.uptime,
    ...(status.lock ? { lock: status.lock } : {}),
    ...(status.tags ? { tags: status.tags } : {}),
  };
}

function round(value: number): number {
  return Math.round(value * 1e4) / 1e4;
}

/** A short stable fingerprint of the configuration (Proxmox uses SHA1 of the file). */
function digestOf(config: object): string {
  let h = 0x811c9dc5;
  for (const c of JSON.stringify(config)) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193) >>> 0;
  return h.toString(16).padStart(8, '0').repeat(5);
}
