import type { ProxmoxState, PveVm, TaskEffect, VmConfig } from './state.ts';
import { vmOf } from './state.ts';
import { attachedVolumes, ownerOf, parseDrive, parseSize } from './vm-config.ts';
import {
  allocateDisk,
  backupOwnerOf,
  backupSize,
  backupVolid,
  copyOwnDisks,
  freeOwnDisks,
  setDrive,
} from './volumes.ts';

const POWER_LOG_LENGTH = 40;

/** What a task step does to the cluster when its time comes (see tasks.ts). */
export function applyEffect(state: ProxmoxState, effect: TaskEffect, atMs: number): void {
  const nowS = Math.floor(atMs / 1000);
  switch (effect.kind) {
    case 'power': {
      const vm = vmOf(state, effect.vmid);
      if (vm) applyPower(vm, effect.action, atMs);
      return;
    }
    case 'backup': {
      const vm = vmOf(state, effect.vmid);
      if (!vm) return;
      const volid = backupVolid(effect.storage, vm.vmid, atMs, effect.compress);
      state.volumes[volid] = {
        volid,
        storage: effect.storage,
        content: 'backup',
        format: volid.slice(volid.indexOf('.vma') + 1),
        size: backupSize(vm, atMs),
        ctime: nowS,
        vmid: vm.vmid,
        notes: String(vm.config.name ?? ''),
        config: structuredClone(vm.config),
      };
      if (effect.keepLast) pruneBackups(state, vm.vmid, effect.storage, effect.keepLast);
      return;
    }
    case 'restore': {
      const vm = vmOf(state, effect.vmid);
      const archive = state.volumes[effect.volid];
      if (!vm || !archive?.config) return;
      vm.config = restoredConfig(state, vm, archive.config, nowS);
      delete vm.guestPasswords;
      if (effect.start) applyPower(vm, 'start', atMs);
      return;
    }
    case 'clone': {
      const source = vmOf(state, effect.source);
      const target = vmOf(state, effect.newid);
      if (source && target) copyOwnDisks(state, source, target, 'local-lvm', nowS);
      return;
    }
    case 'import': {
      const vm = vmOf(state, effect.vmid);
      const from = state.volumes[effect.from];
      if (!vm || !from) return;
      const old = parseDrive(vm.config[effect.drive]);
      const oldSize = old ? (state.volumes[old.volume]?.size ?? 0) : 0;
      // The simulator keeps the plan's disk size; a real import is the template's size until grown.
      const volume = allocateDisk(state, effect.storage, vm.vmid, Math.max(from.size, oldSize), nowS);
      if (old && ownerOf(old.volume) === vm.vmid) delete state.volumes[old.volume];
      setDrive(vm.config, effect.drive, volume, old?.options ?? {});
      delete vm.guestPasswords;
      return;
    }
    case 'download': {
      state.volumes[effect.volid] = {
        volid: effect.volid,
        storage: effect.storage,
        content: 'iso',
        format: 'iso',
        size: effect.size,
        ctime: nowS,
      };
      return;
    }
    case 'destroy': {
      freeOwnDisks(state, effect.vmid);
      delete state.vms[String(effect.vmid)];
      return;
    }
  }
}

export function applyPower(vm: PveVm, action: 'start' | 'stop' | 'reboot', atMs: number): void {
  if (action === 'reboot') {
    if (vm.status === 'running') vm.bootMs = atMs;
    return;
  }
  const on = action === 'start';
  if ((vm.status === 'running') === on) return;
  vm.status = on ? 'running' : 'stopped';
  vm.bootMs = on ? atMs : null;
  vm.powerLog.push({ atMs, on });
  if (vm.powerLog.length > POWER_LOG_LENGTH) vm.powerLog.splice(0, vm.powerLog.length - POWER_LOG_LENGTH);
}

/**
 * A restore puts back the archived configuration and the VM's own disks as they were; disks of
 * other owners (attached block storage) stay as they are now, since the archive does not own them.
 */
function restoredConfig(state: ProxmoxState, vm: PveVm, archived: VmConfig, nowS: number): VmConfig {
  const config = structuredClone(archived);
  for (const { key, volume } of attachedVolumes(config)) {
    if (ownerOf(volume) !== vm.vmid) delete config[key];
  }
  for (const { key, volume } of attachedVolumes(vm.config)) {
    if (ownerOf(volume) !== vm.vmid) config[key] = vm.config[key]!;
  }
  freeOwnDisks(state, vm.vmid);
  for (const { key, volume } of attachedVolumes(config)) {
    if (ownerOf(volume) !== vm.vmid) continue;
    const size = parseSize(parseDrive(config[key])?.options.size ?? '0') ?? 0;
    const restored = allocateDisk(state, volume.split(':')[0] ?? 'local-lvm', vm.vmid, size, nowS);
    setDrive(config, key, restored);
  }
  return config;
}

/** `prune-backups=keep-last=N`: drops the oldest archives of the VM beyond N. */
function pruneBackups(state: ProxmoxState, vmid: number, storage: string, keepLast: number): void {
  const archives = Object.values(state.volumes)
    .filter((v) => v.content === 'backup' && v.storage === storage && backupOwnerOf(v.volid) === vmid)
    .sort((a, b) => b.ctime - a.ctime);
  for (const old of archives.slice(keepLast)) delete state.volumes[old.volid];
}
