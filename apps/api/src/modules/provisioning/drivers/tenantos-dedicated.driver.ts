import { type DedicatedOsTemplate, isRescueTemplate } from '@rackdesk/contract';
import { AppError } from '../../../http/errors.ts';
import type { DedicatedProvider, DedicatedProvisioning } from '../../../providers/dedicated/index.ts';
import { generateRootPassword } from '../../../providers/vps/index.ts';
import type {
  ProvisioningClaim,
  ProvisioningDriver,
  ProvisionInput,
  ProvisionResult,
} from '../provisioning-driver.ts';
import { ProvisioningError, SERVICE_MARK_PREFIX, serviceMark } from '../provisioning-failure.ts';

interface DedicatedClaim {
  serverId?: number;
  mark?: string;
  /** The OS install was started: a retry must not start a second one. */
  installing?: boolean;
}

/**
 * An instant dedicated server on Tenantos: a free server carrying the product's tag (no service's
 * mark upstream, no service or claim of ours on it) is claimed, tagged with the service's mark,
 * named, and its OS install started with the chosen profile, layout, root password and keys. The
 * service is active from then on; the server page follows the install. Giving up stops the install
 * while it can be stopped and takes the mark off, which frees the server.
 */
export class TenantosDedicatedDriver implements ProvisioningDriver {
  constructor(private readonly dedicated: DedicatedProvider & DedicatedProvisioning) {}

  async provision(input: ProvisionInput): Promise<ProvisionResult> {
    const tag = input.product.provisioning.serverTag;
    if (!tag) throw new ProvisioningError('This product has no servers set up yet. Please contact support.');
    const claim: DedicatedClaim = { ...(input.claim as DedicatedClaim | null) };
    const mark = serviceMark(input.serviceId);
    if (!claim.mark) {
      claim.mark = mark;
      await input.saveClaim(claim as ProvisioningClaim);
    }
    if (claim.serverId === undefined) {
      const servers = await this.dedicated.listServersByTags([tag]);
      const free = servers.filter(
        (server) => server.tags.includes(mark) || !server.tags.some((t) => t.startsWith(SERVICE_MARK_PREFIX)),
      );
      const [serverId] = await input.reserve(
        'serverId',
        free.map((server) => server.id),
        1,
        String,
      );
      if (serverId === undefined) {
        throw new ProvisioningError('No server of this product is free at the moment. We will keep trying.');
      }
      claim.serverId = serverId;
    }
    const serverId = claim.serverId;
    await this.dedicated.addServerTag(serverId, mark);
    // A dedicated server may be ordered without a hostname: it keeps its name in the inventory.
    const hostname = input.params.hostname || (await this.dedicated.getServer(serverId)).hostname;
    if (input.params.hostname) await this.dedicated.setHostname(serverId, hostname);
    if (!claim.installing) {
      const profile = profileFor(await this.dedicated.listTemplates(serverId), input.params.osTemplate);
      try {
        await this.dedicated.startInstall(serverId, {
          profileId: profile.id,
          disklayoutId: layoutFor(profile, input.params.diskLayout),
          rootpassword: input.rootPassword ?? generateRootPassword(),
          sshkeys: input.sshPublicKeys,
          hostname,
        });
      } catch (error) {
        // An install already running is the one an attempt that died before recording it started.
        if (!(error instanceof AppError && error.statusCode === 409)) throw error;
      }
      claim.installing = true;
      await input.saveClaim(claim as ProvisioningClaim);
    }
    const server = await this.dedicated.getServer(serverId);
    const publicIpv4 = server.ipassignments
      .filter(
        (assignment) => assignment.ipAttributes.isIpv4 && assignment.subnetinformation.type !== 'private',
      )
      .map((assignment) => assignment.ip);
    return {
      upstreamId: String(serverId),
      dedicatedIp: server.primaryip,
      assignedIps: publicIpv4.filter((ip) => ip !== server.primaryip),
    };
  }

  async release(claim: ProvisioningClaim): Promise<void> {
    const { serverId, mark, installing } = claim as DedicatedClaim;
    if (serverId === undefined || !mark) return;
    if (installing) {
      const status = await this.dedicated.getRebuildStatus(serverId);
      if (status.active && status.cancellable) await this.dedicated.stopRebuild(serverId);
    }
    await this.dedicated.removeServerTag(serverId, mark);
  }
}

/** The install profile the order's OS choice names: its id, or its name (as the catalogue writes it). */
function profileFor(templates: DedicatedOsTemplate[], wanted: string | undefined): DedicatedOsTemplate {
  const installable = templates.filter((template) => !isRescueTemplate(template));
  const name = (wanted ?? '').trim().toLowerCase();
  const profile =
    installable.find((template) => String(template.id) === name) ??
    installable.find((template) => template.name.toLowerCase() === name) ??
    installable.find((template) => name !== '' && template.name.toLowerCase().startsWith(name));
  if (!profile)
    throw new ProvisioningError(`The operating system ${wanted ?? ''} is not available on this server.`);
  return profile;
}

/** The profile's layout for the order's choice ('RAID 1' …); 'None' leaves the profile's default. */
function layoutFor(profile: DedicatedOsTemplate, wanted: string | undefined): number | undefined {
  const level = /^raid\s*(\d+)$/i.exec((wanted ?? '').trim())?.[1];
  if (level === undefined) return undefined;
  const layout = profile.disklayouts.find((candidate) =>
    new RegExp(`\\bRAID\\s*${level}\\b`, 'i').test(candidate.name),
  );
  if (!layout) throw new ProvisioningError(`The disk layout ${wanted} is not available for ${profile.name}.`);
  return layout.id;
}
