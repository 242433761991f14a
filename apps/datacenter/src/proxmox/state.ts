import type { SimContext } from '../context.ts';

/**
 * Everything the simulated Proxmox VE cluster keeps, as plain JSON in the store's `proxmox`
 * section. Nothing here changes by itself: tasks record when they started and what they will do,
 * and `settle()` applies whatever has come due whenever a request reads the state.
 */
export interface ProxmoxState {
  nodes: Record<string, PveNode>;
  storages: Record<string, PveStorage>;
  /** By vmid, as a string key. */
  vms: Record<string, PveVm>;
  /** By volid (`storage:name`): VM disks, block-storage disks, ISO images and backups. */
  volumes: Record<string, PveVolume>;
  tasks: PveTask[];
  backupJobs: BackupJob[];
  /** Queued by the control API: the next tasks of a type end with an error. */
  taskFailures: TaskFailure[];
  /** Feeds pids, VNC ports and other numbers that only need to differ. */
  counter: number;
}

export interface PveNode {
  node: string;
  /**
   * The node's notes; Rackdesk reads the location from a `Location: <name>` line and the addresses
   * it gives new VMs from `IPv4 pool: <first>-<last> prefix <n> gateway <ip>` lines.
   */
  description: string;
  /** When the node booted (its uptime counts from here). */
  bootMs?: number;
}

export type StorageContent = 'images' | 'iso' | 'backup';

export interface PveStorage {
  storage: string;
  type: 'lvmthin' | 'rbd' | 'nfs' | 'dir';
  content: StorageContent[];
  shared: boolean;
  /** Nodes the storage is available on; null means every node. */
  nodes: string[] | null;
  totalBytes: number;
}

/** A VM's configuration, in Proxmox's own keys and value strings (`scsi0`, `boot`, `memory` …). */
export type VmConfig = Record<string, string | number>;

export interface PowerEvent {
  atMs: number;
  on: boolean;
}

export interface PveVm {
  vmid: number;
  node: string;
  config: VmConfig;
  status: 'running' | 'stopped';
  /** When the current run started (uptime and the since-boot counters count from here). */
  bootMs: number | null;
  /** Last power changes, oldest first; the usage history is zero while the VM was off. */
  powerLog: PowerEvent[];
  /** Makes each VM's counters look different, deterministically. */
  seed: number;
  /** Passwords set inside the guest through its agent, by user name (gone with a new disk). */
  guestPasswords?: Record<string, string>;
}

export interface PveVolume {
  volid: string;
  storage: string;
  content: StorageContent;
  format: string;
  size: number;
  /** Seconds since the epoch. */
  ctime: number;
  /** Owner vmid (from the volume name), for disks and backups. */
  vmid?: number;
  notes?: string;
  /** For backups: the configuration saved in the archive, put back by a restore. */
  config?: VmConfig;
}

/** A lock a running task holds on a VM: what `status/current` shows as `lock`. */
export interface TaskHold {
  vmid: number;
  lock: string;
  fromMs: number;
  toMs: number;
}

/** What a task does to the cluster when it reaches `atMs`. */
export type TaskEffect =
  | { kind: 'power'; vmid: number; action: 'start' | 'stop' | 'reboot' }
  | { kind: 'backup'; vmid: number; storage: string; compress: string; keepLast?: number }
  | { kind: 'restore'; vmid: number; volid: string; start: boolean }
  | { kind: 'clone'; source: number; newid: number }
  | { kind: 'import'; vmid: number; drive: string; storage: string; from: string }
  | { kind: 'download'; storage: string; volid: string; size: number }
  | { kind: 'destroy'; vmid: number };

export interface TaskStep {
  atMs: number;
  effect: TaskEffect;
}

export interface PveTask {
  upid: string;
  node: string;
  type: string;
  id: string;
  user: string;
  startMs: number;
  endMs: number;
  /** 'OK', or the error the task ends with (set when it starts: failures are queued ahead). */
  exitstatus: string;
  holds: TaskHold[];
  /** When the task holds the VM's lock file (vm-lock.ts): power changes serialise on it. */
  lockFile?: { vmid: number; fromMs: number; toMs: number };
  /** Effects not applied yet; a failing task applies none of them. */
  steps: TaskStep[];
}

export interface BackupJob {
  id: string;
  schedule: string;
  /** Comma-separated vmids, as Proxmox keeps them. */
  vmid: string;
  storage: string;
  mode: string;
  compress: string;
  enabled: boolean;
  comment?: string;
  'prune-backups'?: string;
  /** Seconds since the epoch: creation, then each run. The next run is computed from it. */
  lastRun: number;
}

export interface TaskFailure {
  type: string;
  remaining: number;
  message: string;
}

/** The state section, created with the default cluster the first time. */
export function proxmoxState(ctx: SimContext): ProxmoxState {
  return ctx.store.section<ProxmoxState>('proxmox', () => initialState(ctx.clock.now()));
}

export function vmOf(state: ProxmoxState, vmid: number): PveVm | undefined {
  return state.vms[String(vmid)];
}

/** Storages visible on a node. */
export function storagesOn(state: ProxmoxState, node: string): PveStorage[] {
  return Object.values(state.storages).filter((s) => s.nodes === null || s.nodes.includes(node));
}

const GiB = 1024 ** 3;
const DAY_MS = 86_400_000;

/**
 * A small two-location cluster with the standard OS templates, so a fresh simulator answers
 * something sensible; the panel's demo seed adds its VMs and disks through the control API.
 */
function initialState(nowMs: number): ProxmoxState {
  const nowS = Math.floor(nowMs / 1000);
  const state: ProxmoxState = {
    nodes: {
      'pve-nyc-1': {
        node: 'pve-nyc-1',
        description:
          'Location: New York\nIPv4 pool: 198.51.100.64-198.51.100.95 prefix 24 gateway 198.51.100.1',
        bootMs: nowMs - 41 * DAY_MS,
      },
      'pve-chi-1': {
        node: 'pve-chi-1',
        description:
          'Location: Chicago\nIPv4 pool: 198.51.100.96-198.51.100.127 prefix 24 gateway 198.51.100.1',
        bootMs: nowMs - 23 * DAY_MS,
      },
    },
    storages: {
      'local-lvm': storage('local-lvm', 'lvmthin', ['images'], false, null, 4096),
      templates: storage('templates', 'rbd', ['images'], true, null, 512),
      isos: storage('isos', 'nfs', ['iso'], true, null, 1024),
      backups: storage('backups', 'nfs', ['backup'], true, null, 16384),
      'block-nyc': storage('block-nyc', 'rbd', ['images'], true, ['pve-nyc-1'], 65536),
      'block-chi': storage('block-chi', 'rbd', ['images'], true, ['pve-chi-1'], 65536),
    },
    vms: {},
    volumes: {},
    tasks: [],
    backupJobs: [],
    taskFailures: [],
    counter: 1,
  };
  const osTemplates: [number, string, boolean][] = [
    [9000, 'ubuntu-24.04', true],
    [9001, 'debian-12', true],
    [9002, 'almalinux-9', true],
    [9003, 'windows-server-2022', false],
    [9004, 'debian-11', true],
    [9005, 'ubuntu-22.04', true],
    [9006, 'centos-stream-9', true],
    // Prebuilt images the order page offers as 'Prebuilt Templates'.
    [9010, 'PRECONFIG-web-lamp', true],
    [9011, 'PRECONFIG-gaming-minecraft', true],
    [9012, 'PRECONFIG-desktop-xfce', true],
  ];
  for (const [vmid, name, sshKeys] of osTemplates) {
    const volid = `templates:base-${vmid}-disk-0`;
    state.volumes[volid] = {
      volid,
      storage: 'templates',
      content: 'images',
      format: 'raw',
      size: 10 * GiB,
      ctime: nowS,
      vmid,
    };
    state.vms[String(vmid)] = {
      vmid,
      node: 'pve-nyc-1',
      status: 'stopped',
      bootMs: null,
      powerLog: [{ atMs: 0, on: false }],
      seed: vmid,
      config: {
        name,
        template: 1,
        cores: 1,
        sockets: 1,
        memory: 1024,
        ostype: name.startsWith('windows') ? 'win11' : 'l26',
        scsihw: 'virtio-scsi-single',
        scsi0: `${volid},size=10G`,
        ide1: `templates:vm-${vmid}-cloudinit,media=cdrom`,
        boot: 'order=scsi0',
        tags: sshKeys ? 'rd-os;rd-sshkeys' : 'rd-os',
        meta: `creation-qemu=8.1.5,ctime=${nowS}`,
      },
    };
  }
  return state;
}

function storage(
  id: string,
  type: PveStorage['type'],
  content: StorageContent[],
  shared: boolean,
  nodes: string[] | null,
  totalGiB: number,
): PveStorage {
  return { storage: id, type, content, shared, nodes, totalBytes: totalGiB * GiB };
}
