import {
  ErrorCode,
  ErrorText,
  type StorageBlockDisk,
  type StorageDetailResponse,
  Vps2Text,
} from '@rackdesk/contract';
import { AppError } from '../../http/errors.ts';
import { type AuthContext, isWhitelisted } from '../../http/policy.ts';
import type { BlockStorageProvider } from '../../providers/proxmox/index.ts';
import type { ServicesService } from '../services/services.service.ts';
import type { ProxmoxServiceRef } from '../vps2/vps2.repository.ts';
import type { FollowServer } from '../server-watch/follow-server.ts';
import { type AccountProxmoxServices, usableStatuses, type Vps2Servers } from '../vps2/vps2-servers.ts';

const NOT_FOUND = 'This storage block was not found.';

/**
 * Storage blocks (servers spec §2 storage page and VPS v2 Storage Blocks, §4, §5, §6): disks sold
 * as services of their own and attached to a VPS v2 in the same location. The list shows the
 * blocks a caller may use, and the ones attached to servers it may use; attach and detach need an
 * active block inside the caller's whitelist, and an active server the caller may change.
 */
export class StorageService {
  constructor(
    private readonly provider: BlockStorageProvider,
    private readonly servers: Vps2Servers,
    private readonly services: ServicesService,
    private readonly follow: FollowServer,
  ) {}

  /** `GET services/vps/v2/blockStorage`. */
  async list(auth: AuthContext): Promise<StorageBlockDisk[]> {
    const account = await this.servers.ofAccount(auth.account.id);
    const disks = await this.disksOf(
      account,
      account.disks.filter((d) => usableStatuses.includes(d.status)),
    );
    return disks.filter(
      (disk) =>
        isWhitelisted(auth, disk.id) || (disk.vm_whmcs_id !== null && isWhitelisted(auth, disk.vm_whmcs_id)),
    );
  }

  async attach(auth: AuthContext, serverId: number, diskName: string): Promise<void> {
    const server = await this.servers.manageable(auth, serverId);
    const account = await this.servers.ofAccount(auth.account.id);
    const block = this.requireUsableBlock(auth, account, diskName);
    const [disk] = await this.disksOf(account, [block]);
    if (!disk) throw AppError.notFound(NOT_FOUND);
    if (disk.vm_whmcs_id === server.service.id) return;
    if (disk.vm_whmcs_id !== null) {
      throw new AppError(409, Vps2Text.diskAttachedElsewhere, { error: 'disk_attached' });
    }
    // The platform compares the locations ('Disk and VPS are not in the same location').
    await this.provider.attachDisk(server.vmid, diskName);
    await this.followDisk(auth, server.service.id, server.vmid);
  }

  /** Detach from the VPS page: the caller's server and a block it may use. */
  async detachFromServer(auth: AuthContext, serverId: number, diskName: string): Promise<void> {
    const server = await this.servers.manageable(auth, serverId);
    const account = await this.servers.ofAccount(auth.account.id);
    this.requireUsableBlock(auth, account, diskName);
    await this.provider.detachDisk(server.vmid, diskName);
    await this.followDisk(auth, server.service.id, server.vmid);
  }

  /** `GET services/storage/{id}`: the storage page. */
  async detail(auth: AuthContext, storageId: number): Promise<StorageDetailResponse> {
    const { block, account } = await this.requireStorageService(auth, storageId);
    const { billing } = await this.services.get(auth, storageId);
    const [disk] = await this.disksOf(account, [block]);
    const vm = account.vms.find((v) => v.id === disk?.vm_whmcs_id);
    return {
      billing,
      disk: disk ?? null,
      attached_to: vm ? { id: vm.id, domain: vm.domain } : null,
    };
  }

  /**
   * Detach from the storage page (`POST services/storage/{id}/detach`): an active block, and for
   * a sub-account the server it hangs on inside the whitelist (servers spec §2). The server's
   * own state does not matter: the block is what the customer manages here.
   */
  async detachFromStorage(auth: AuthContext, storageId: number, diskName: string): Promise<void> {
    const { block, account } = await this.requireStorageService(auth, storageId);
    if (diskName !== block.upstreamId) {
      throw AppError.invalid('disk_name', 'This is not the disk of this storage block.');
    }
    if (block.status !== 'Active')
      throw new AppError(409, Vps2Text.diskSuspended, { error: ErrorCode.serviceNotManageable });
    const [disk] = await this.disksOf(account, [block]);
    if (!disk) throw AppError.notFound(NOT_FOUND);
    const vm = account.vms.find((v) => v.id === disk.vm_whmcs_id);
    if (!vm) throw new AppError(409, Vps2Text.diskNotAttached, { error: 'disk_not_attached' });
    if (!isWhitelisted(auth, vm.id)) {
      throw AppError.forbidden(ErrorText.serviceAccessDenied, ErrorCode.serviceAccessDenied);
    }
    await this.provider.detachDisk(vm.vmid, diskName);
    await this.followDisk(auth, vm.id, vm.vmid);
  }

  /** The server's open page hears of the change; it is instant, so the watch ends at its first look. */
  private followDisk(auth: AuthContext, serviceId: number, vmid: number): Promise<void> {
    return this.follow(auth, { serviceId, upstreamId: String(vmid), kind: 'disk' });
  }

  /** The platform's view of some of the account's blocks, with the account's servers they hang on. */
  private disksOf(account: AccountProxmoxServices, blocks: ProxmoxServiceRef[]): Promise<StorageBlockDisk[]> {
    return this.provider.listBlockStorage({
      disks: blocks.map((b) => ({ serviceId: b.id, diskName: b.upstreamId })),
      vms: account.vms.map((vm) => ({ serviceId: vm.id, vmid: vm.vmid })),
    });
  }

  /** The account's block of that name: listed, inside the caller's whitelist, and active. */
  private requireUsableBlock(
    auth: AuthContext,
    account: AccountProxmoxServices,
    diskName: string,
  ): ProxmoxServiceRef {
    const block = account.disks.find((d) => d.upstreamId === diskName && usableStatuses.includes(d.status));
    if (!block) throw AppError.notFound(NOT_FOUND);
    if (!isWhitelisted(auth, block.id)) {
      throw AppError.forbidden(Vps2Text.storageBlockAccessDenied, ErrorCode.serviceAccessDenied);
    }
    if (block.status !== 'Active')
      throw new AppError(409, Vps2Text.diskSuspended, { error: ErrorCode.serviceNotManageable });
    return block;
  }

  /** A storage block service the caller may see (ownership, whitelist); other kinds are a 404. */
  private async requireStorageService(auth: AuthContext, id: number) {
    await this.services.requireServer(auth, id, 'proxmox');
    const account = await this.servers.ofAccount(auth.account.id);
    const block = account.disks.find((d) => d.id === id);
    if (!block) throw AppError.notFound(NOT_FOUND);
    return { block, account };
  }
}
