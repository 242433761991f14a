import type { ProductProvisioning, ProvisioningParams } from '../../db/schema/index.ts';

/** Something an attempt took upstream (a vmid, a Tenantos server, a volume), recorded before use. */
export type ProvisioningClaim = Record<string, unknown>;

/** What a driver is given to build one ordered service on its platform. */
export interface ProvisionInput {
  serviceId: number;
  userId: number;
  product: { id: number; name: string; groupId: number; provisioning: ProductProvisioning };
  params: ProvisioningParams;
  /** Decrypted for this attempt only; null when the customer chose SSH keys or none was sent. */
  rootPassword: string | null;
  /** The public keys of the SSH keys chosen in the order (the customer's own, checked). */
  sshPublicKeys: string[];
  /** A storage block's VPS: its service and its upstream id (Proxmox vmid). */
  attachTo: { serviceId: number; upstreamId: string } | null;
  /** What an earlier attempt of this service took, to reuse rather than take another. */
  claim: ProvisioningClaim | null;
  /** Records what this attempt takes, before it uses it, so a retry or a release finds it. */
  saveClaim(claim: ProvisioningClaim): Promise<void>;
  /**
   * Takes the first `count` of `candidates` (in their order) that no other service runs on or has
   * claimed, and records them in this service's claim under `key` (one value, or a list for
   * 'ipv4'), in one transaction serialised across instances. Fewer than `count` free: none taken.
   */
  reserve<T>(
    key: ClaimKey,
    candidates: readonly T[],
    count: number,
    valueOf: (candidate: T) => string,
  ): Promise<T[]>;
}

/** What two services may never hold at once: a VM id, an address, a dedicated server, a VPS. */
export type ClaimKey = 'vmid' | 'ipv4' | 'serverId' | 'vpsid';

export interface ProvisionResult {
  /** The service's id on its platform (services.upstream_id). */
  upstreamId: string;
  dedicatedIp: string;
  /** Further addresses (services.assigned_ips, one per line). */
  assignedIps: string[];
  /** The service's name when the order gave none (a dedicated server keeps its inventory name). */
  domain?: string;
}

/**
 * Builds ordered services of one kind on their platform. `provision` is safe to call again with
 * the claim of an attempt that failed halfway: it goes on from there instead of taking a second
 * resource. `release` gives back what a claim holds once the last try failed; safe to call twice.
 */
export interface ProvisioningDriver {
  provision(input: ProvisionInput): Promise<ProvisionResult>;
  release(claim: ProvisioningClaim): Promise<void>;
}
