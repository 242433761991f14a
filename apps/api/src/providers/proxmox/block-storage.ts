import { type StorageBlockDisk, Vps2Text } from '@rackdesk/contract';
import { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import { locationOf, type ProxmoxLayout } from './conventions.ts';
import { type PveApi, seg } from './pve-api.ts';
import {
  nodeConfigSchema,
  storageContentSchema,
  storageResourceSchema,
  vmConfigSchema,
} from './pve-types.ts';
import type { BlockStorageScope } from './provider.ts';
import { attachedVolumes, freeScsiKey, parseDrive } from './vm-config.ts';

/**
 * Storage blocks: volumes on the block storages (by name prefix), each storage bound to the nodes
 * of one location. A disk is attached when a VM's config has it on a disk key (scsiN); detaching
 * moves it to an unused entry, which keeps its data.
 */
export class BlockStorage {
  constructor(
    private readonly api: PveApi,
    private readonly layout: ProxmoxLayout,
  ) {}

  async list(scope: BlockStorageScope): Promise<StorageBlockDisk[]> {
    if (scope.disks.length === 0) return [];
    const [storages, vms] = await Promise.all([this.#blockStorages(), this.api.listVms()]);
    const volumes = new Map<string, number>();
    for (const [storage, nodes] of storages) {
      const content = await this.api.get(
        `/nodes/${seg(nodes[0]!)}/storage/${seg(storage)}/content`,
        storageContentSchema.array(),
        {
          content: 'images',
        },
      );
      for (const item of content) volumes.set(item.volid, item.size);
    }
    const attachedTo = new Map<string, number>();
    await Promise.all(
      scope.vms.map(async ({ serviceId, vmid }) => {
        const vm = vms.find((r) => r.vmid === vmid);
        if (!vm) return;
        const config = await this.api.get(`/nodes/${seg(vm.node)}/qemu/${vmid}/config`, vmConfigSchema);
        for (const { volume } of attachedVolumes(config)) attachedTo.set(volume, serviceId);
      }),
    );
    const locations = new Map<string, string>();
    for (const [storage, nodes] of storages) locations.set(storage, await this.#location(nodes[0]!));
    return scope.disks.flatMap(({ serviceId, diskName }) => {
      const size = volumes.get(diskName);
      if (size === undefined) return [];
      return [
        {
          id: serviceId,
          disk_name: diskName,
          size,
          vm_whmcs_id: attachedTo.get(diskName) ?? null,
          location: locations.get(storageOf(diskName)) ?? '',
        },
      ];
    });
  }

  async attach(vmid: number, diskName: string): Promise<void> {
    const vm = await this.api.findVm(vmid);
    const nodes = (await this.#blockStorages()).get(storageOf(diskName));
    const content = nodes
      ? await this.api.get(
          `/nodes/${seg(nodes[0]!)}/storage/${seg(storageOf(diskName))}/content`,
          storageContentSchema.array(),
          {
            content: 'images',
          },
        )
      : [];
    if (!nodes || !content.some((item) => item.volid === diskName))
      throw AppError.notFound('This storage block was not found.');
    const [diskLocation, vmLocation] = await Promise.all([
      this.#location(nodes[0]!),
      this.#location(vm.node),
    ]);
    if (diskLocation !== vmLocation) throw AppError.invalid('disk_name', Vps2Text.diskLocationMismatch);
    const config = await this.api.get(`/nodes/${seg(vm.node)}/qemu/${vmid}/config`, vmConfigSchema);
    if (attachedVolumes(config).some((d) => d.volume === diskName)) return;
    const key = freeScsiKey(config);
    if (!key) throw new AppError(409, 'This server has no free disk slot.');
    await this.api.put(`/nodes/${seg(vm.node)}/qemu/${vmid}/config`, { [key]: diskName });
  }

  async detach(vmid: number, diskName: string): Promise<void> {
    const vm = await this.api.findVm(vmid);
    const config = await this.api.get(`/nodes/${seg(vm.node)}/qemu/${vmid}/config`, vmConfigSchema);
    const attached = Object.keys(config).find(
      (key) => /^scsi([1-9]|[12]\d|30)$/.test(key) && parseDrive(config[key])?.volume === diskName,
    );
    if (!attached) throw AppError.notFound('This storage block is not attached to this server.');
    await this.api.put(`/nodes/${seg(vm.node)}/qemu/${vmid}/config`, { delete: attached });
  }

  /**
   * Creates an ordered block's volume on the location's block storage, or finds the one an earlier
   * call made; answers its volid. The name says its owner (Proxmox wants `vm-<vmid>-…`), and that
   * owner must be no VM: a VM's destroy or restore would take the block with its own disks.
   */
  async create(spec: { location: string; name: string; ownerVmid: number; sizeGb: number }): Promise<string> {
    const storages = await this.#blockStorages();
    let target: { storage: string; node: string } | undefined;
    for (const [storage, nodes] of storages) {
      if ((await this.#location(nodes[0]!)).toLowerCase() === spec.location.toLowerCase()) {
        target = { storage, node: nodes[0]! };
        break;
      }
    }
    if (!target) throw AppError.invalid('location', `There is no block storage in ${spec.location}.`);
    const volid = `${target.storage}:${spec.name}`;
    const path = `/nodes/${seg(target.node)}/storage/${seg(target.storage)}/content`;
    const content = await this.api.get(path, storageContentSchema.array(), { content: 'images' });
    if (content.some((item) => item.volid === volid)) return volid;
    if ((await this.api.listVms()).some((vm) => vm.vmid === spec.ownerVmid)) {
      throw new AppError(409, `VM ${spec.ownerVmid} exists: block volumes cannot be named after it.`);
    }
    await this.api.postFor(path, z.string(), {
      filename: spec.name,
      size: `${spec.sizeGb}G`,
      vmid: spec.ownerVmid,
    });
    return volid;
  }

  /**
   * Detaches the volume from the VM `attachedTo` (if it is there), forgets it in that VM's
   * configuration and deletes it; nothing when it is already gone.
   */
  async delete(volid: string, attachedTo: number | undefined): Promise<void> {
    if (attachedTo !== undefined) {
      const vm = (await this.api.listVms()).find((candidate) => candidate.vmid === attachedTo);
      if (vm) {
        const path = `/nodes/${seg(vm.node)}/qemu/${attachedTo}/config`;
        const config = await this.api.get(path, vmConfigSchema);
        const keys = Object.keys(config).filter(
          (key) =>
            (/^scsi([1-9]|[12]\d|30)$/.test(key) && parseDrive(config[key])?.volume === volid) ||
            (/^unused\d+$/.test(key) && String(config[key]) === volid),
        );
        // Dropped from the configuration first, then each unusedN entry the detach left.
        if (keys.length > 0) await this.api.put(path, { delete: keys.join(',') });
        const after = await this.api.get(path, vmConfigSchema);
        const unused = Object.keys(after).filter(
          (key) => /^unused\d+$/.test(key) && String(after[key]) === volid,
        );
        if (unused.length > 0) await this.api.put(path, { delete: unused.join(',') });
      }
    }
    const nodes = (await this.#blockStorages()).get(storageOf(volid));
    if (!nodes) return;
    const path = `/nodes/${seg(nodes[0]!)}/storage/${seg(storageOf(volid))}/content`;
    const content = await this.api.get(path, storageContentSchema.array(), { content: 'images' });
    if (!content.some((item) => item.volid === volid)) return;
    await this.api.waitForTask(nodes[0]!, await this.api.delete(`${path}/${seg(volid)}`), 60_000);
  }

  /** Location of the node the VM runs on. */
  async locationOfVm(vmid: number): Promise<string> {
    return this.#location((await this.api.findVm(vmid)).node);
  }

  /** Block storages and the nodes they are on, sorted. */
  async #blockStorages(): Promise<Map<string, string[]>> {
    const resources = await this.api.get('/cluster/resources', storageResourceSchema.array(), {
      type: 'storage',
    });
    const storages = new Map<string, string[]>();
    for (const r of resources) {
      if (!r.storage?.startsWith(this.layout.blockStoragePrefix) || !r.content?.split(',').includes('images'))
        continue;
      storages.set(r.storage, [...(storages.get(r.storage) ?? []), r.node].sort());
    }
    return storages;
  }

  async #location(node: string): Promise<string> {
    const config = await this.api.get(`/nodes/${seg(node)}/config`, nodeConfigSchema);
    return locationOf(config.description) ?? node;
  }
}

function storageOf(volid: string): string {
  return volid.split(':')[0] ?? '';
}
