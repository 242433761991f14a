import { PveError } from './pve-http.ts';
import { formats, problemOf, pve } from './pve-schema.ts';
import type { ProxmoxState, PveVm, TaskEffect } from './state.ts';
import {
  DISK_KEY,
  freeUnusedKey,
  isCdrom,
  ownerOf,
  parseDrive,
  printDrive,
  UNUSED_KEY,
} from './vm-config.ts';
import { setDrive } from './volumes.ts';

/**
 * `PUT/POST /nodes/{node}/qemu/{vmid}/config`: the subset of keys Rackdesk uses, validated like
 * Proxmox validates them. Deleting a disk moves it to an `unusedN` entry (its data stays);
 * deleting an `unusedN` entry destroys the volume if the VM owns it. A drive given as `STORAGE:0,import-from=VOLID`
 * is an import, which only the asynchronous POST accepts: it comes back as an effect to run as a
 * task.
 */
const SIMPLE_KEYS = new Set([
  'name',
  'cores',
  'sockets',
  'memory',
  'boot',
  'tags',
  'description',
  'cipassword',
  'ciuser',
  'sshkeys',
  'onboot',
  'ostype',
  'agent',
]);
const KNOWN_KEY =
  /^(ide[0-3]|sata[0-5]|scsi([0-9]|[12][0-9]|30)|virtio([0-9]|1[0-5])|net\d|ipconfig\d|unused\d+)$/;
const TAGS = /^[a-z0-9_][a-z0-9_+.-]*(;[a-z0-9_][a-z0-9_+.-]*)*$/i;

export interface ConfigUpdate {
  /** Set by the asynchronous POST, which may run imports. */
  allowImport: boolean;
}

/** Validates and applies the update; returns the import to run, if any. */
export function updateConfig(
  state: ProxmoxState,
  vm: PveVm,
  input: Record<string, unknown>,
  options: ConfigUpdate,
): Extract<TaskEffect, { kind: 'import' }> | undefined {
  const {
    delete: deleteList,
    digest: _digest,
    node: _node,
    vmid: _vmid,
    skiplock: _skiplock,
    ...changes
  } = input;
  const errors: Record<string, string> = {};
  const deletions = typeof deleteList === 'string' ? deleteList.split(/[,;\s]+/).filter(Boolean) : [];
  for (const key of [...Object.keys(changes), ...deletions]) {
    if (!SIMPLE_KEYS.has(key) && !KNOWN_KEY.test(key)) {
      errors[key] = 'property is not defined in schema and the schema does not allow additional properties';
    }
  }
  const values: Record<string, string> = {};
  for (const [key, raw] of Object.entries(changes)) {
    if (errors[key]) continue;
    const value = String(raw);
    const problem = checkValue(state, key, value);
    if (problem) errors[key] = problem;
    else values[key] = value;
  }
  let importEffect: Extract<TaskEffect, { kind: 'import' }> | undefined;
  for (const [key, value] of Object.entries(values)) {
    const from = parseDrive(value)?.options['import-from'];
    if (from === undefined) continue;
    if (!options.allowImport) errors[key] = "'import-from' is only supported by the asynchronous POST call";
    else if (!state.volumes[from]) errors[key] = `volume '${from}' does not exist`;
    else if (importEffect) errors[key] = 'only one import per call is supported';
    else importEffect = { kind: 'import', vmid: vm.vmid, drive: key, storage: storageOf(value), from };
  }
  if (Object.keys(errors).length > 0) throw new PveError(400, 'Parameter verification failed.', errors);
  if (importEffect && vm.status === 'running') {
    throw new PveError(500, `cannot replace disk '${importEffect.drive}' of running VM ${vm.vmid}`);
  }

  for (const key of deletions) deleteKey(state, vm, key);
  for (const [key, value] of Object.entries(values)) {
    if (importEffect?.drive === key) continue;
    setKey(state, vm, key, value);
  }
  return importEffect;
}

function checkValue(state: ProxmoxState, key: string, value: string): string | undefined {
  switch (key) {
    case 'name': {
      const why = formats.dnsName(value);
      return why === undefined ? undefined : `invalid format - ${why}\n`;
    }
    case 'cores':
    case 'sockets':
      return problemOf(pve.integer({ min: 1, max: 128 }), value);
    case 'memory':
      return problemOf(pve.integer({ min: 16, max: 8 * 1024 * 1024 }), value);
    case 'tags':
      return value === '' || TAGS.test(value) ? undefined : 'invalid format - invalid tag';
    case 'sshkeys':
      return isUrlEncoded(value) ? undefined : 'invalid urlencoded string';
    case 'boot': {
      const order = /^order=([a-z0-9;]+)$/.exec(value)?.[1];
      if (!order) return 'invalid format - format error\nboot.order: property is missing';
      return order.split(';').every((d) => /^(ide|sata|scsi|virtio|net)\d+$/.test(d))
        ? undefined
        : `invalid format - invalid boot device '${order}'`;
    }
    default:
      return DISK_KEY.test(key) ? checkDrive(state, value) : undefined;
  }
}

function checkDrive(state: ProxmoxState, value: string): string | undefined {
  const drive = parseDrive(value);
  if (!drive) return 'invalid format - format error';
  if (drive.options['import-from'] !== undefined) {
    return /^[a-z][a-z0-9_.-]*:0$/i.test(drive.volume) ? undefined : 'use STORAGE_ID:0 with import-from';
  }
  if (isCdrom(drive) && (drive.volume === 'none' || drive.volume === 'cdrom')) return undefined;
  const volume = state.volumes[drive.volume];
  if (!volume) return `volume '${drive.volume}' does not exist`;
  if (isCdrom(drive) !== (volume.content === 'iso')) return `volume '${drive.volume}' has wrong content type`;
  return undefined;
}

function setKey(state: ProxmoxState, vm: PveVm, key: string, value: string): void {
  if (!DISK_KEY.test(key)) {
    vm.config[key] = /^(cores|sockets|memory|onboot)$/.test(key) ? Number(value) : value;
    return;
  }
  const drive = parseDrive(value)!;
  const volume = state.volumes[drive.volume];
  if (isCdrom(drive) || !volume) {
    vm.config[key] = printDrive(drive);
    return;
  }
  // Attaching a volume that sat in an unused entry takes it out of there.
  for (const [k, v] of Object.entries(vm.config))
    if (UNUSED_KEY.test(k) && v === volume.volid) delete vm.config[k];
  setDrive(vm.config, key, volume, drive.options);
}

function deleteKey(state: ProxmoxState, vm: PveVm, key: string): void {
  const value = vm.config[key];
  if (value === undefined) return;
  delete vm.config[key];
  if (UNUSED_KEY.test(key)) {
    const volid = String(value);
    // Like Proxmox, only a volume the VM owns is destroyed; others are just forgotten.
    if (ownerOf(volid) === vm.vmid) delete state.volumes[volid];
    return;
  }
  const drive = DISK_KEY.test(key) ? parseDrive(value) : undefined;
  if (drive && !isCdrom(drive) && state.volumes[drive.volume])
    vm.config[freeUnusedKey(vm.config)] = drive.volume;
}

function storageOf(drive: string): string {
  return drive.split(':')[0] ?? 'local-lvm';
}

function isUrlEncoded(value: string): boolean {
  try {
    return decodeURIComponent(value) !== value || !/[\s+/=]/.test(value);
  } catch {
    return false;
  }
}
