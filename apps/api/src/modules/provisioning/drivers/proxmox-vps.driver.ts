import {
  type Ipv4Lease,
  type NewVm,
  type ProxmoxProvisioning,
  VmidTakenError,
} from '../../../providers/proxmox/index.ts';
import { generateRootPassword } from '../../../providers/vps/index.ts';
import type {
  ProvisioningClaim,
  ProvisioningDriver,
  ProvisionInput,
  ProvisionResult,
} from '../provisioning-driver.ts';
import { ProvisioningError, serviceMark } from '../provisioning-failure.ts';

interface VpsClaim {
  mark?: string;
  vmid?: number;
  ipv4?: Ipv4Lease[];
}

/** Other VMs may take a reserved vmid first (made by hand, another panel): this many retries. */
const VMID_TRIES = 5;

/**
 * VPS v2 on Proxmox VE: a vmid is reserved and claimed first, then the addresses, then the VM is
 * cloned from the chosen template on a node of the location and set up (see createVm). A retry
 * carries on with the same vmid and addresses; giving up destroys the VM if it got that far.
 */
export class ProxmoxVpsDriver implements ProvisioningDriver {
  constructor(private readonly proxmox: ProxmoxProvisioning) {}

  async provision(input: ProvisionInput): Promise<ProvisionResult> {
    const { cores, memoryMb, diskGb } = input.product.provisioning;
    if (!cores || !memoryMb || !diskGb) {
      throw new ProvisioningError('This product has no server plan set up yet. Please contact support.');
    }
    const location = input.params.location || input.product.provisioning.location;
    if (!location)
      throw new ProvisioningError('This product has no location set up yet. Please contact support.');
    const template: NewVm['template'] = input.params.customTemplateId
      ? { userTemplateId: input.params.customTemplateId, ownerId: input.userId }
      : { name: input.params.osTemplate ?? '' };
    if ('name' in template && !template.name) throw new ProvisioningError('No operating system was chosen.');

    const claim: VpsClaim = { ...(input.claim as VpsClaim | null) };
    if (!claim.mark) {
      claim.mark = serviceMark(input.serviceId);
      await input.saveClaim(claim as ProvisioningClaim);
    }
    claim.vmid ??= await this.reserveVmid(input);
    if (!claim.ipv4) {
      const count = 1 + (input.params.extraIpv4 ?? 0);
      const free = await this.proxmox.freeIpv4(location);
      const taken = await input.reserve('ipv4', free, count, (lease) => lease.address);
      if (taken.length < count) throw new ProvisioningError(`No free IPv4 address is left in ${location}.`);
      claim.ipv4 = taken;
    }

    for (let tries = 1; ; tries += 1) {
      try {
        await this.proxmox.createVm({
          vmid: claim.vmid,
          mark: claim.mark,
          location,
          template,
          hostname: input.params.hostname,
          cores,
          memoryMb,
          diskGb,
          password: input.rootPassword ?? generateRootPassword(),
          sshKeys: input.sshPublicKeys,
          ipv4: claim.ipv4,
        });
        break;
      } catch (error) {
        if (!(error instanceof VmidTakenError) || tries >= VMID_TRIES) throw error;
        claim.vmid = await this.reserveVmid(input, claim.vmid + 1);
      }
    }
    const [main, ...more] = claim.ipv4;
    return {
      upstreamId: String(claim.vmid),
      dedicatedIp: main!.address,
      assignedIps: more.map((l) => l.address),
    };
  }

  async release(claim: ProvisioningClaim): Promise<void> {
    const { vmid, mark } = claim as VpsClaim;
    if (vmid !== undefined && mark) await this.proxmox.destroyVm(vmid, mark);
  }

  /** The lowest vmid Proxmox offers that no other service has claimed meanwhile, recorded as ours. */
  private async reserveVmid(input: ProvisionInput, from?: number): Promise<number> {
    let candidate = await this.proxmox.nextVmid(from);
    for (;;) {
      const [taken] = await input.reserve('vmid', [candidate], 1, String);
      if (taken !== undefined) return taken;
      candidate = await this.proxmox.nextVmid(candidate + 1);
    }
  }
}
