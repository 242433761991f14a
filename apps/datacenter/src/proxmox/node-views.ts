import { createHash } from 'node:crypto';
import type { ProxmoxState, PveNode, PveStorage } from './state.ts';
import { storagesOn } from './state.ts';
import { vmStatus } from './vm-views.ts';

/**
 * What Proxmox answers about nodes and storages: `/nodes`, `/nodes/{node}/status`,
 * `/nodes/{node}/storage`, and their entries in `/cluster/resources`. Every node is the same
 * machine (64 threads, 512 GiB); its load is its own small share plus that of the VMs on it.
 */
const GiB = 1024 ** 3;
const NODE_CPUS = 64;
const NODE_MEM = 512 * GiB;
const NODE_ROOTFS = 100 * GiB;
const NODE_ROOTFS_USED = Math.round(9.6 * GiB);
/** What the host itself uses, besides its VMs. */
const HOST_MEM = 6 * GiB;
const HOST_CPU = 0.015;
/** A node without a recorded boot (state written by older simulators) has been up this long. */
const DEFAULT_UPTIME_MS = 30 * 86_400_000;

export const PVE_VERSION = { version: '8.1.4', release: '8.1', repoid: 'ec5affc9e41f1d79' } as const;
const KERNEL = {
  sysname: 'Linux',
  release: '6.5.13-1-pve',
  version: '#1 SMP PREEMPT_DYNAMIC PMX 6.5.13-1 (2024-02-05T13:50Z)',
  machine: 'x86_64',
};

function usage(state: ProxmoxState, node: string, nowMs: number) {
  let cpuThreads = 0;
  let mem = HOST_MEM;
  for (const vm of Object.values(state.vms)) {
    if (vm.node !== node || vm.status !== 'running') continue;
    const status = vmStatus(state, vm, nowMs);
    cpuThreads += status.cpu * status.cpus;
    mem += status.mem;
  }
  return { cpu: round(HOST_CPU + cpuThreads / NODE_CPUS), mem };
}

function uptimeOf(node: PveNode, nowMs: number): number {
  return Math.floor((nowMs - (node.bootMs ?? nowMs - DEFAULT_UPTIME_MS)) / 1000);
}

/** An entry of `/nodes`. */
export function nodeEntry(state: ProxmoxState, node: PveNode, nowMs: number) {
  const { cpu, mem } = usage(state, node.node, nowMs);
  return {
    id: `node/${node.node}`,
    type: 'node',
    node: node.node,
    status: 'online',
    level: '',
    cpu,
    maxcpu: NODE_CPUS,
    mem,
    maxmem: NODE_MEM,
    disk: NODE_ROOTFS_USED,
    maxdisk: NODE_ROOTFS,
    uptime: uptimeOf(node, nowMs),
    ssl_fingerprint: fingerprintOf(node.node),
  };
}

/** A node in `/cluster/resources`: the same figures, no fingerprint, and its cgroup version. */
export function nodeResource(state: ProxmoxState, node: PveNode, nowMs: number) {
  const { ssl_fingerprint: _fingerprint, ...entry } = nodeEntry(state, node, nowMs);
  return { ...entry, 'cgroup-mode': 2 };
}

/** `GET /nodes/{node}/status`. */
export function nodeStatus(state: ProxmoxState, node: PveNode, nowMs: number) {
  const { cpu, mem } = usage(state, node.node, nowMs);
  const load = (factor: number) => (cpu * NODE_CPUS * factor).toFixed(2);
  return {
    uptime: uptimeOf(node, nowMs),
    idle: 0,
    loadavg: [load(1), load(0.95), load(0.9)],
    kversion: `${KERNEL.sysname} ${KERNEL.release} ${KERNEL.version}`,
    'current-kernel': KERNEL,
    'boot-info': { mode: 'efi', secureboot: 0 },
    cpuinfo: {
      model: 'AMD EPYC 7543P 32-Core Processor',
      sockets: 1,
      cores: NODE_CPUS / 2,
      cpus: NODE_CPUS,
      mhz: '2800.000',
      hvm: '1',
      user_hz: 100,
      flags:
        'fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge mca cmov pat pse36 clflush mmx fxsr sse sse2 ht syscall nx mmxext fxsr_opt pdpe1gb rdtscp lm constant_tsc rep_good nopl nonstop_tsc cpuid extd_apicid aperfmperf rapl pni pclmulqdq monitor ssse3 fma cx16 pcid sse4_1 sse4_2 movbe popcnt aes xsave avx f16c rdrand lahf_lm cmp_legacy svm extapic cr8_legacy abm sse4a misalignsse 3dnowprefetch osvw topoext perfctr_core bmi1 avx2 smep bmi2 erms invpcid rdseed adx smap clflushopt clwb sha_ni xsaveopt xsavec xgetbv1 xsaves',
    },
    cpu,
    wait: round(cpu / 40),
    memory: { total: NODE_MEM, used: mem, free: NODE_MEM - mem, available: NODE_MEM - mem },
    swap: { total: 8 * GiB, used: 0, free: 8 * GiB },
    ksm: { shared: 0 },
    rootfs: {
      total: NODE_ROOTFS,
      used: NODE_ROOTFS_USED,
      avail: NODE_ROOTFS - NODE_ROOTFS_USED,
      free: NODE_ROOTFS - NODE_ROOTFS_USED,
    },
    pveversion: `pve-manager/${PVE_VERSION.version}/${PVE_VERSION.repoid}`,
  };
}

/** Bytes the storage's volumes take. */
export function storageUsed(state: ProxmoxState, storage: PveStorage): number {
  return Object.values(state.volumes)
    .filter((v) => v.storage === storage.storage)
    .reduce((sum, v) => sum + v.size, 0);
}

/** An entry of `GET /nodes/{node}/storage`. */
export function nodeStorageEntry(state: ProxmoxState, storage: PveStorage) {
  const used = storageUsed(state, storage);
  return {
    storage: storage.storage,
    type: storage.type,
    content: storage.content.join(','),
    shared: storage.shared ? 1 : 0,
    active: 1,
    enabled: 1,
    total: storage.totalBytes,
    used,
    avail: Math.max(0, storage.totalBytes - used),
    used_fraction: round(used / storage.totalBytes),
  };
}

/** Entries of `/cluster/resources?type=storage`: one per storage and node that sees it. */
export function storageResources(state: ProxmoxState) {
  return Object.values(state.nodes).flatMap(({ node }) =>
    storagesOn(state, node).map((s) => ({
      id: `storage/${node}/${s.storage}`,
      type: 'storage',
      node,
      storage: s.storage,
      plugintype: s.type,
      content: s.content.join(','),
      shared: s.shared ? 1 : 0,
      status: 'available',
      disk: storageUsed(state, s),
      maxdisk: s.totalBytes,
    })),
  );
}

/** A stable, made-up SHA-256 certificate fingerprint per node, in Proxmox's notation. */
function fingerprintOf(node: string): string {
  const hex = createHash('sha256').update(`simulated certificate of ${node}`).digest('hex').toUpperCase();
  return hex.match(/../g)!.join(':');
}

function round(value: number): number {
  return Math.round(value * 1e4) / 1e4;
}
