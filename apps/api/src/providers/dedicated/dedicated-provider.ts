import type {
  DedicatedBandwidthRange,
  DedicatedBandwidthSample,
  DedicatedConsoleMode,
  DedicatedOsTemplate,
  DedicatedPowerStatus,
  DedicatedRdnsEntry,
  DedicatedRebuildRequest,
  DedicatedRebuildStatus,
  DedicatedServer,
} from '@rackdesk/contract';

/** One rDNS change: an empty host removes the record; without a TTL the upstream's default applies. */
export interface RdnsChange {
  ip: string;
  host: string;
  ttl?: number | undefined;
}

/**
 * What the panel needs from the system that runs dedicated servers: one method per call of the
 * servers spec §7 "Dedicated" (and rDNS), answering in the spec's §3 shapes. `serverId` is the
 * server's id in that system (`srv_id`).
 *
 * Errors: an unknown server is AppError 404; a request the server's state or the upstream's
 * rules refuse is AppError 409/422 with the upstream's reason; anything else is UpstreamError
 * (502, or 504 when the upstream did not answer in time).
 */
export interface DedicatedProvider {
  /** Detail for `GET services/dedicated/{id}` (the `server` half). */
  getServer(serverId: number): Promise<DedicatedServer>;
  /** `PATCH services/dedicated/{id} {hostname}`: sets the nickname. */
  setNickname(serverId: number, nickname: string): Promise<void>;

  /** `GET services/dedicated/{id}/templates`: reinstall, rescue and password-reset templates. */
  listTemplates(serverId: number): Promise<DedicatedOsTemplate[]>;
  /** `POST .../rebuild`: a reinstall, or rescue mode when the template is a rescue one. */
  startRebuild(serverId: number, request: DedicatedRebuildRequest): Promise<void>;
  /** `GET .../rebuild/stop`. */
  stopRebuild(serverId: number): Promise<void>;
  /** `GET .../rebuild/status`. */
  getRebuildStatus(serverId: number): Promise<DedicatedRebuildStatus>;

  /** `POST .../power/status`. */
  getPowerStatus(serverId: number): Promise<DedicatedPowerStatus>;
  /** `POST .../power/powerOn`. */
  powerOn(serverId: number): Promise<void>;
  /** `POST .../power/powerOff`. */
  powerOff(serverId: number): Promise<void>;
  /** `POST .../power/powerReset`. */
  powerReset(serverId: number): Promise<void>;
  /** `POST .../power/resetBmc`. */
  resetBmc(serverId: number): Promise<void>;

  /** `GET .../console?mode=web|standard`: a URL the browser opens in a new window. */
  startConsole(serverId: number, mode: DedicatedConsoleMode): Promise<{ accessUrl: string }>;

  /** `GET .../bandwidth?mode=...`: samples of the range, oldest first. */
  getBandwidth(serverId: number, range: DedicatedBandwidthRange): Promise<DedicatedBandwidthSample[]>;
  /** `GET .../bandwidth/summary`: bits in and out since the start of the month (UTC). */
  getBandwidthSummary(serverId: number): Promise<{ total: number }>;

  /** `GET services/{id}/rdns?ip_list=...`: one entry per IP asked for, host empty when unset. */
  getRdns(serverId: number, ips: readonly string[]): Promise<DedicatedRdnsEntry[]>;
  /** `POST services/{id}/rdns`: sets (or, with an empty host, removes) the records; all or nothing. */
  saveRdns(serverId: number, changes: readonly RdnsChange[]): Promise<DedicatedRdnsEntry[]>;
}

/** A server of the inventory as provisioning sees it: which one, and the tags it carries. */
export interface DedicatedInventoryServer {
  id: number;
  tags: string[];
}

/** What an OS install of a newly assigned server is given (Tenantos `startReinstallation`). */
export interface DedicatedInstallRequest {
  profileId: number;
  /** Omitted: the profile's own default layout. */
  disklayoutId?: number | undefined;
  rootpassword: string;
  sshkeys: string[];
  hostname: string;
}

/**
 * Assigning free servers of the inventory to ordered services: servers are found by the tags the
 * provider gives each product's machines, and an assigned one carries a tag naming its service.
 */
export interface DedicatedProvisioning {
  /** The servers carrying every one of `tags`, in id order. */
  listServersByTags(tags: readonly string[]): Promise<DedicatedInventoryServer[]>;
  /** Adds a tag to the server (no change when it has it). */
  addServerTag(serverId: number, tag: string): Promise<void>;
  /** Removes a tag from the server (no change when it lacks it). */
  removeServerTag(serverId: number, tag: string): Promise<void>;
  /** The server's hostname in the inventory. */
  setHostname(serverId: number, hostname: string): Promise<void>;
  /** Starts installing an operating system; the server reboots into the installer. */
  startInstall(serverId: number, request: DedicatedInstallRequest): Promise<void>;
}
