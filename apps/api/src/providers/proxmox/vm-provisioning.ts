import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import {
  CUSTOM_OSID_PREFIX,
  hasServiceMark,
  isUserTemplateOf,
  locationOf,
  type ProxmoxLayout,
  Tag,
  tagsOf,
  withInstalledOsid,
} from './conventions.ts';
import { type Ipv4Lease, ipconfigValue, ipv4PoolsOf, leasesOf } from './ipv4-pools.ts';
import type { NewVm } from './provider.ts';
import { type PveApi, PveParameterError, seg } from './pve-api.ts';
import {
  nodeConfigSchema,
  nodeEntrySchema,
  type PveVmConfig,
  type PveVmResource,
  vmConfigSchema,
} from './pve-types.ts';
import { attachedVolumes, bootDiskKey, ipsOf } from './vm-config.ts';

const GiB = 1024 ** 3;
const UNLOCK_POLL_MS = 1_000;

/** VM `vmid` exists and is not the service's: the vmid must be given up for another. */
export class VmidTakenError extends Error {
  constructor(readonly vmid: number) {
    super(`VM ${vmid} already exists and belongs to something else`);
    this.name = 'VmidTakenError';
  }
}

/** The lowest vmid Proxmox would give a new VM, at or above `from` when given. */
export async function nextVmid(api: PveApi, from?: number): Promise<number> {
  if (from === undefined) return Number(await api.get('/cluster/nextid', z.coerce.string()));
  // Proxmox checks one given id at a time (400 when a VM has it): walk up from `from`.
  for (let vmid = from; vmid < from + 1000; vmid += 1) {
    try {
      return Number(await api.get('/cluster/nextid', z.coerce.string(), { vmid }));
    } catch (error) {
      if (!(error instanceof PveParameterError)) throw error;
    }
  }
  throw new AppError(503, `No free VM id above ${from}.`);
}

/** The online nodes of a location, the one with the most free memory first. */
export async function nodesOf(api: PveApi, location: string): Promise<string[]> {
  const nodes = (await api.get('/nodes', nodeEntrySchema.array())).filter(
    (node) => (node.status ?? 'online') === 'online',
  );
  const located = await Promise.all(
    nodes.map(async (node) => {
      const config = await api.get(`/nodes/${seg(node.node)}/config`, nodeConfigSchema);
      return { ...node, notes: config.description, location: locationOf(config.description) ?? node.node };
    }),
  );
  return located
    .filter((node) => node.location.toLowerCase() === location.toLowerCase())
    .sort(
      (a, b) =>
        (b.maxmem ?? 0) - (b.mem ?? 0) - ((a.maxmem ?? 0) - (a.mem ?? 0)) || a.node.localeCompare(b.node),
    )
    .map((node) => node.node);
}

/** The location's pool addresses (its nodes' notes) that no VM of the cluster is configured with. */
export async function freeIpv4(api: PveApi, location: string): Promise<Ipv4Lease[]> {
  const nodes = await nodesOf(api, location);
  const pools = await Promise.all(
    nodes.map(async (node) =>
      ipv4PoolsOf((await api.get(`/nodes/${seg(node)}/config`, nodeConfigSchema)).description),
    ),
  );
  const vms = (await api.listVms()).filter((vm) => vm.template !== 1);
  const used = new Set<string>();
  await Promise.all(
    vms.map(async (vm) => {
      const config = await api.get(`/nodes/${seg(vm.node)}/qemu/${vm.vmid}/config`, vmConfigSchema);
      for (const address of ipsOf(config).ipv4) used.add(address);
    }),
  );
  return leasesOf(pools.flat()).filter((lease) => !used.has(lease.address));
}

/** The template a new VM is cloned from, and the osid the VM is then tagged with. */
async function templateOf(
  vms: PveVmResource[],
  template: NewVm['template'],
): Promise<{ vm: PveVmResource; osid: string; sshKeysAllowed: boolean }> {
  if ('userTemplateId' in template) {
    const vm = vms.find(
      (candidate) =>
        candidate.vmid === template.userTemplateId && isUserTemplateOf(candidate.name, template.ownerId),
    );
    if (!vm) throw AppError.invalid('osid', 'The custom template of this order no longer exists.');
    return { vm, osid: `${CUSTOM_OSID_PREFIX}${vm.vmid}`, sshKeysAllowed: false };
  }
  const vm = vms.find(
    (candidate) =>
      candidate.template === 1 &&
      tagsOf(candidate.tags).includes(Tag.osTemplate) &&
      candidate.name?.toLowerCase() === template.name.toLowerCase(),
  );
  if (!vm) throw AppError.invalid('osid', `The operating system ${template.name} is not available.`);
  return { vm, osid: String(vm.vmid), sshKeysAllowed: tagsOf(vm.tags).includes(Tag.sshKeys) };
}

/**
 * Builds VM `spec.vmid` for an ordered service, or carries on with the one an earlier call began:
 * a full clone of the template on a node of the location (named after the hostname, marked as the
 * service's), then its plan (cores, memory, disk), cloud-init (root password or SSH keys, one
 * interface per address) and its first boot. Every step is safe to run again.
 */
export async function createVm(api: PveApi, layout: ProxmoxLayout, spec: NewVm): Promise<void> {
  const vms = await api.listVms();
  const template = await templateOf(vms, spec.template);
  let vm = vms.find((candidate) => candidate.vmid === spec.vmid);
  if (vm) {
    let config = await api.get(`/nodes/${seg(vm.node)}/qemu/${vm.vmid}/config`, vmConfigSchema);
    if (vm.template === 1 || !hasServiceMark(config.description, spec.mark))
      throw new VmidTakenError(spec.vmid);
    config = await waitUntilUnlocked(api, vm.node, spec.vmid, config, layout.createWaitMs);
    // A clone that failed leaves the VM without its disk: start again from a fresh clone.
    if (!attachedVolumes(config).some((disk) => disk.key === bootDiskKey(config))) {
      await api.waitForTask(
        vm.node,
        await api.delete(`/nodes/${seg(vm.node)}/qemu/${spec.vmid}`, {
          purge: 1,
          'destroy-unreferenced-disks': 1,
        }),
        layout.createWaitMs,
      );
      vm = undefined;
    }
  }
  if (!vm) {
    const [node] = await nodesOf(api, spec.location);
    if (!node) throw AppError.invalid('location', `There is no server node in ${spec.location}.`);
    const upid = await api.post(`/nodes/${seg(template.vm.node)}/qemu/${template.vm.vmid}/clone`, {
      newid: spec.vmid,
      name: spec.hostname,
      description: spec.mark,
      full: 1,
      target: node,
      storage: layout.imageStorage,
    });
    await api.waitForTask(template.vm.node, upid, layout.createWaitMs);
    vm = await api.findVm(spec.vmid);
  }
  const base = `/nodes/${seg(vm.node)}/qemu/${spec.vmid}`;
  const config = await api.get(`${base}/config`, vmConfigSchema);
  await api.put(`${base}/config`, cloudInitConfig(config, layout, spec, template));
  const current = await api.findVm(spec.vmid);
  if (spec.diskGb * GiB > (current.maxdisk ?? 0)) {
    // An absolute size: a retry that finds the disk grown already leaves it as it is.
    const upid = await api.put(`${base}/resize`, { disk: bootDiskKey(config), size: `${spec.diskGb}G` });
    await api.waitForTask(vm.node, upid, layout.createWaitMs);
  }
  if (current.status !== 'running') {
    await api.waitForTask(vm.node, await api.post(`${base}/status/start`), layout.createWaitMs);
  }
}

function cloudInitConfig(
  config: PveVmConfig,
  layout: ProxmoxLayout,
  spec: NewVm,
  template: { osid: string; sshKeysAllowed: boolean },
): Record<string, string | number> {
  const values: Record<string, string | number> = {
    name: spec.hostname,
    cores: spec.cores,
    memory: spec.memoryMb,
    ciuser: 'root',
    cipassword: spec.password,
    // The template's own tags (rd-os…) say what a template is; the VM records where it came from.
    tags: withInstalledOsid(
      tagsOf(config.tags)
        .filter((tag) => tag !== Tag.osTemplate && tag !== Tag.sshKeys)
        .join(';'),
      template.osid,
    ),
  };
  if (template.sshKeysAllowed && spec.sshKeys.length > 0) {
    // Proxmox wants the keys URL-encoded inside the (itself encoded) form value.
    values.sshkeys = encodeURIComponent(spec.sshKeys.join('\n'));
  }
  spec.ipv4.forEach((lease, index) => {
    values[`ipconfig${index}`] = ipconfigValue(lease, index === 0);
    if (config[`net${index}`] === undefined) values[`net${index}`] = `virtio,bridge=${layout.bridge}`;
  });
  return values;
}

/** The VM's configuration once no task holds it (a clone still copying its disk). */
async function waitUntilUnlocked(
  api: PveApi,
  node: string,
  vmid: number,
  config: PveVmConfig,
  timeoutMs: number,
): Promise<PveVmConfig> {
  const deadline = Date.now() + timeoutMs;
  let current = config;
  while (current.lock !== undefined) {
    if (Date.now() > deadline) throw new AppError(409, `VM ${vmid} stays locked (${current.lock}).`);
    await sleep(UNLOCK_POLL_MS);
    current = await api.get(`/nodes/${seg(node)}/qemu/${vmid}/config`, vmConfigSchema);
  }
  return current;
}

/**
 * Stops and destroys VM `vmid` with its own disks, if it is the service's (`mark`); a VM of
 * anything else, or none, is left alone.
 */
export async function destroyVm(
  api: PveApi,
  layout: ProxmoxLayout,
  vmid: number,
  mark: string,
): Promise<void> {
  const vm = (await api.listVms()).find((candidate) => candidate.vmid === vmid && candidate.template !== 1);
  if (!vm) return;
  const base = `/nodes/${seg(vm.node)}/qemu/${vmid}`;
  const config = await api.get(`${base}/config`, vmConfigSchema);
  if (!hasServiceMark(config.description, mark)) return;
  await waitUntilUnlocked(api, vm.node, vmid, config, layout.createWaitMs);
  const status = await api.findVm(vmid);
  if (status.status === 'running') {
    await api.waitForTask(vm.node, await api.post(`${base}/status/stop`), layout.powerWaitMs);
  }
  await api.waitForTask(
    vm.node,
    await api.delete(base, { purge: 1, 'destroy-unreferenced-disks': 1 }),
    layout.createWaitMs,
  );
}
