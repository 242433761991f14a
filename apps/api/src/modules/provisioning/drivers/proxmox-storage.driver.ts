import type { BlockStorageProvider, ProxmoxProvisioning } from '../../../providers/proxmox/index.ts';
import type {
  ProvisioningClaim,
  ProvisioningDriver,
  ProvisionInput,
  ProvisionResult,
} from '../provisioning-driver.ts';
import { ProvisioningError } from '../provisioning-failure.ts';

interface StorageClaim {
  /** The VM (vmid) the block is attached to. */
  attachedTo?: number;
  volume?: string;
}

/**
 * A storage block on Proxmox VE: a volume on the location's block storage, under a name no VM owns
 * (see ProxmoxProvisioning.createBlockVolume), attached to the chosen VPS. Creation finds the
 * volume of an earlier attempt; giving up detaches and deletes it.
 */
export class ProxmoxStorageDriver implements ProvisioningDriver {
  constructor(private readonly proxmox: ProxmoxProvisioning & BlockStorageProvider) {}

  async provision(input: ProvisionInput): Promise<ProvisionResult> {
    const sizeGb = input.params.sizeGb;
    if (!sizeGb) throw new ProvisioningError('No storage size was chosen.');
    const location = input.params.location || input.product.provisioning.location;
    if (!location)
      throw new ProvisioningError('This product has no location set up yet. Please contact support.');
    const vmid = Number(input.attachTo?.upstreamId);
    if (!input.attachTo || !Number.isSafeInteger(vmid)) {
      throw new ProvisioningError('The VPS to attach the storage block to is no longer available.');
    }
    const claim: StorageClaim = { ...(input.claim as StorageClaim | null), attachedTo: vmid };
    await input.saveClaim(claim as ProvisioningClaim);
    claim.volume = await this.proxmox.createBlockVolume({ location, serviceId: input.serviceId, sizeGb });
    await input.saveClaim(claim as ProvisioningClaim);
    await this.proxmox.attachDisk(vmid, claim.volume);
    return { upstreamId: claim.volume, dedicatedIp: '', assignedIps: [] };
  }

  async release(claim: ProvisioningClaim): Promise<void> {
    const { volume, attachedTo } = claim as StorageClaim;
    if (volume) await this.proxmox.deleteBlockVolume(volume, attachedTo);
  }
}
