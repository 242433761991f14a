import { z } from 'zod';
import { PveError } from '../pve-http.ts';
import { pve } from '../pve-schema.ts';
import type { ProxmoxState, PveStorage, PveVm } from '../state.ts';
import { storagesOn, vmOf } from '../state.ts';

/** The path parameters of node, VM and storage calls, checked like Proxmox's standard options. */
export const nodePath = z.object({ node: pve.node() });
export const vmPath = nodePath.extend({ vmid: pve.vmid() });
export const storagePath = nodePath.extend({ storage: pve.storage() });

/** Finding what a path names, failing the way Proxmox does (it answers 500 for missing things). */
export function requireNode(state: ProxmoxState, node: string): void {
  if (!state.nodes[node]) {
    throw new PveError(500, `hostname lookup '${node}' failed - failed to get address info for: ${node}`);
  }
}

export function requireVm(state: ProxmoxState, node: string, vmid: number): PveVm {
  requireNode(state, node);
  const vm = vmOf(state, vmid);
  if (!vm || vm.node !== node) {
    throw new PveError(500, `Configuration file 'nodes/${node}/qemu-server/${vmid}.conf' does not exist`);
  }
  return vm;
}

export function requireStorage(state: ProxmoxState, node: string, storage: string): PveStorage {
  requireNode(state, node);
  const found = storagesOn(state, node).find((s) => s.storage === storage);
  if (!found) throw new PveError(500, `storage '${storage}' does not exist`);
  return found;
}

export function requireRunning(vm: PveVm): void {
  if (vm.status !== 'running') throw new PveError(500, `VM ${vm.vmid} not running`);
}
