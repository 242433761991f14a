import { type StorageBlockDisk, Vps2Text } from '@rackdesk/contract';
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
