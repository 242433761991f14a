import { type CreatedVps, generateRootPassword, type VpsProvisioning } from '../../../providers/vps/index.ts';
import type {
  ProvisioningClaim,
  ProvisioningDriver,
  ProvisionInput,
  ProvisionResult,
} from '../provisioning-driver.ts';
import { ProvisioningError } from '../provisioning-failure.ts';

interface VirtualizorClaim {
  /** A creation was sent: its answer may have been lost, so look before creating again. */
  creating?: boolean;
  vpsid?: CreatedVps;
}

const vpsidOf = (vps: CreatedVps) => String(vps.vpsid);

/**
 * A first-generation VPS on Virtualizor, created through the admin API from the product's plan
 * with the chosen OS, hostname and root password; the service's upstream id is the vpsid. A
 * creation whose answer was lost is found again by hostname (a VPS no other service holds);
 * giving up deletes the VPS.
 */
export class VirtualizorVpsDriver implements ProvisioningDriver {
  constructor(private readonly admin: VpsProvisioning) {}

  async provision(input: ProvisionInput): Promise<ProvisionResult> {
    const planId = input.product.provisioning.planId;
    if (!planId)
      throw new ProvisioningError('This product has no server plan set up yet. Please contact support.');
    const osTemplate = input.params.osTemplate;
    if (!osTemplate) throw new ProvisioningError('No operating system was chosen.');
    const claim: VirtualizorClaim = { ...(input.claim as VirtualizorClaim | null) };
    const hostname = input.params.hostname;

    if (!claim.vpsid && claim.creating) {
      const found = await this.admin.findVpsByHostname(hostname);
      [claim.vpsid] = await input.reserve('vpsid', found, 1, vpsidOf);
    }
    if (!claim.vpsid) {
      claim.creating = true;
      await input.saveClaim(claim as ProvisioningClaim);
      const created = await this.admin.createVps({
        hostname,
        rootPassword: input.rootPassword ?? generateRootPassword(),
        osTemplate,
        planId,
        ipv4Count: 1 + (input.params.extraIpv4 ?? 0),
      });
      claim.vpsid = created;
      // Recorded at once: the VPS exists now, whatever happens next.
      await input.saveClaim(claim as ProvisioningClaim);
    }
    const [main = '', ...more] = claim.vpsid.ipv4;
    return { upstreamId: vpsidOf(claim.vpsid), dedicatedIp: main, assignedIps: more };
  }

  async release(claim: ProvisioningClaim): Promise<void> {
    const { vpsid } = claim as VirtualizorClaim;
    if (vpsid) await this.admin.deleteVps(vpsid.vpsid);
  }
}
