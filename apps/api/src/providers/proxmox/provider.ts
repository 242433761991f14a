import type {
  StorageBlockDisk,
  Vps2Backup,
  Vps2BootOrder,
  Vps2Detail,
  Vps2InsertIso,
  Vps2Iso,
  Vps2OsTemplate,
  Vps2StatSample,
  Vps2StatsRange,
  Vps2UserTemplate,
  Vps2Vnc,
} from '@rackdesk/contract';
import type { Ipv4Lease } from './ipv4-pools.ts';

/**
 * What the panel needs from the platform behind VPS v2 and storage blocks: one method per call of
 * the servers spec §7 ("VPS v2"), answering the spec's §3 shapes. VMs are named by their upstream
 * id (the service's `upstreamId`, a Proxmox vmid). Things a customer owns across VMs (ISOs, user
 * templates) are kept per owner: `ownerId` is the panel's id of the main account.
 */
export interface Vps2Provider {
  /** `bandwidthLimitGb` is the plan's monthly allowance (0 = unlimited), for bandwidth_usage. */
  getServer(vmid: number, options?: { bandwidthLimitGb?: number }): Promise<Vps2Detail>;
  /** The location (e.g. 'New York') of the node the VM runs on. */
  getServerLocation(vmid: number): Promise<string>;
  setHostname(vmid: number, hostname: string): Promise<void>;
  /** A 409 `server_locked` while an earlier power change of the VM is still under way. */
  assertPowerIdle(vmid: number): Promise<void>;
  restart(vmid: number): Promise<void>;
  start(vmid: number): Promise<void>;
  powerOff(vmid: number): Promise<void>;

  listIsos(ownerId: number): Promise<Vps2Iso[]>;
  /** Starts the download; the ISO is queued until it is complete. The URL must be checked by the caller. */
  addIso(ownerId: number, url: string): Promise<Vps2Iso>;
  deleteIso(ownerId: number, isoId: string): Promise<void>;
  /** ide2 is the primary CD drive (`iso`), ide0 the secondary (`sec_iso`). */
  insertIso(vmid: number, ownerId: number, selection: Vps2InsertIso): Promise<void>;
  setBootOrder(vmid: number, order: Vps2BootOrder): Promise<void>;
  getStats(vmid: number, range: Vps2StatsRange): Promise<Vps2StatSample[]>;

  /** Standard templates and the owner's finished user templates (osid `custom_<id>`). */
  listOsTemplates(ownerId: number): Promise<Vps2OsTemplate[]>;
  /** Replaces the VM's disk with the template's and sets the root password (and SSH keys). */
  reinstall(
    vmid: number,
    ownerId: number,
    request: { osid: string; password: string; sshKeys?: string[] },
  ): Promise<void>;
  getVnc(vmid: number): Promise<Vps2Vnc>;
  /**
   * Sets a new, generated root password on a running VM through its guest agent and answers it.
   * A VM that is not running (or whose agent is not up) is a 409 the user can act on.
   */
  resetRootPassword(vmid: number): Promise<string>;

  isBackupEnabled(vmid: number): Promise<boolean>;
  /** Switches automatic backups on or off; answers the new state. */
  toggleBackups(vmid: number): Promise<boolean>;
  listBackups(vmid: number): Promise<Vps2Backup[]>;
  /** Epoch seconds of the next automatic backup; null when automatic backups are off. */
  getNextBackup(vmid: number): Promise<number | null>;
  triggerBackup(vmid: number): Promise<void>;
  deleteBackup(vmid: number, volid: string): Promise<void>;
  restoreBackup(vmid: number, volid: string): Promise<void>;

  listUserTemplates(ownerId: number): Promise<Vps2UserTemplate[]>;
  /** Throws a 422 'User Template Limit Reached' when the owner has as many as allowed. */
  createUserTemplate(vmid: number, ownerId: number, customName: string): Promise<Vps2UserTemplate>;
  installUserTemplate(vmid: number, ownerId: number, templateId: number): Promise<{ new_password: string }>;
  deleteUserTemplate(ownerId: number, templateId: number): Promise<void>;

  /** Plan upgrade: cores and memory are set, the disk only grows; a running VM is rebooted. */
  resize(vmid: number, plan: { cores: number; memoryMb: number; diskGb: number }): Promise<void>;
}

/** Which panel services the storage-block calls are about: the disks and VMs of one customer. */
export interface BlockStorageScope {
  disks: { serviceId: number; diskName: string }[];
  vms: { serviceId: number; vmid: number }[];
}

export interface BlockStorageProvider {
  /** The scope's disks that exist upstream, with their size, location and the VM they are attached to. */
  listBlockStorage(scope: BlockStorageScope): Promise<StorageBlockDisk[]>;
  /** Throws a 422 'Disk and VPS are not in the same location' across locations. */
  attachDisk(vmid: number, diskName: string): Promise<void>;
  detachDisk(vmid: number, diskName: string): Promise<void>;
}

/** A VM to build for an ordered service (see Vps2Provisioning.createVm). */
export interface NewVm {
  /** Reserved beforehand (nextVmid), so a retry builds the same VM. */
  vmid: number;
  /** What marks the VM as the service's: a line of its description (`rackdesk-service-<id>`). */
  mark: string;
  /** The location whose node it runs on. */
  location: string;
  /** A standard template by name (`debian-12`), or a user template of the owner by its vmid. */
  template: { name: string } | { userTemplateId: number; ownerId: number };
  hostname: string;
  cores: number;
  memoryMb: number;
  diskGb: number;
  password: string;
  /** Installed for root when the template takes SSH keys. */
  sshKeys: string[];
  /** The first is the VM's main address (with the gateway), the rest further interfaces. */
  ipv4: Ipv4Lease[];
}

/** Building and removing VPS v2 servers and storage blocks for ordered services (provisioning). */
export interface ProxmoxProvisioning {
  /** The lowest vmid Proxmox would give a new VM, at or above `from` when given. */
  nextVmid(from?: number): Promise<number>;
  /** The location's pool addresses that no VM is configured with, lowest first. */
  freeIpv4(location: string): Promise<Ipv4Lease[]>;
  /**
   * Builds the VM, or carries on with the one an earlier call began. Throws VmidTakenError when a
   * VM that is not the service's has the vmid.
   */
  createVm(spec: NewVm): Promise<void>;
  /** Stops and destroys the VM with its disks if it carries `mark`; nothing otherwise. */
  destroyVm(vmid: number, mark: string): Promise<void>;
  /** Creates an ordered block's volume on the location's block storage (or finds it): its volid. */
  createBlockVolume(spec: { location: string; serviceId: number; sizeGb: number }): Promise<string>;
  /** Detaches the volume from `attachedTo` if it is there, and deletes it; nothing when gone. */
  deleteBlockVolume(volid: string, attachedTo?: number): Promise<void>;
}

export type ProxmoxProvider = Vps2Provider & BlockStorageProvider & ProxmoxProvisioning;
