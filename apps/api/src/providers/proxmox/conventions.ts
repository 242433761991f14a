import { randomInt, randomUUID } from 'node:crypto';

/**
 * How Rackdesk lays its things out on a Proxmox VE cluster, where Proxmox itself has no notion of
 * them (see apps/datacenter/docs/proxmox.md, which the simulator follows):
 * - standard OS templates are template VMs tagged `rd-os` (and `rd-sshkeys` when they take SSH keys);
 * - a VM records the template it was installed from as the tag `rd-os-<osid>`;
 * - a user template is a full clone named `ut-<ownerId>-<vmid>` whose description is its name;
 * - a customer's ISO is `u<ownerId>-<uuid>-<file>.iso` on the ISO storage;
 * - storage blocks are volumes on storages whose name starts with the block prefix;
 * - a node's location is the `Location: <name>` line of its notes (description), and the addresses
 *   new VMs of the location take are its `IPv4 pool: <first>-<last> prefix <n> gateway <ip>` lines;
 * - a VM built for an ordered service has the service's mark (`rackdesk-service-<id>`) as a line
 *   of its description (set when it is cloned), so a retry or a clean-up recognises it and never
 *   touches another;
 * - a storage block ordered through the panel is `vm-<blockVolumeOwner>-block-<serviceId>`: the
 *   owner vmid is one no VM has (above Proxmox's default range for new VMs), so no VM's destroy or
 *   restore ever counts the block as its own disk;
 * - automatic backups are a vzdump job per VM, `rackdesk-<vmid>`.
 */
export interface ProxmoxLayout {
  isoStorage: string;
  backupStorage: string;
  /** Where reinstalled disks and user templates are written. */
  imageStorage: string;
  blockStoragePrefix: string;
  /** Per owner (servers spec §9: enforced by the server, value not shown). */
  userTemplateLimit: number;
  /** Longest wait for a power change the adapter must see finish (restore, reinstall). */
  powerWaitMs: number;
  /** Longest wait for a new VM's clone, disk resize and first boot. */
  createWaitMs: number;
  /** Network bridge of the interfaces a new VM gets for its addresses. */
  bridge: string;
  /** The vmid the volumes of ordered storage blocks are named after (no VM may have it). */
  blockVolumeOwner: number;
}

export const defaultLayout: ProxmoxLayout = {
  isoStorage: 'isos',
  backupStorage: 'backups',
  imageStorage: 'local-lvm',
  blockStoragePrefix: 'block-',
  userTemplateLimit: 3,
  powerWaitMs: 60_000,
  createWaitMs: 20 * 60_000,
  bridge: 'vmbr0',
  blockVolumeOwner: 999_999_999,
};

export const Tag = { osTemplate: 'rd-os', sshKeys: 'rd-sshkeys', installedOs: 'rd-os-' } as const;

/**
 * Every third day of the month at 03:00 UTC: the nearest Proxmox calendar event to the spec's
 * "every 72 hours" (calendar events cannot count hours across days).
 */
export const BACKUP_SCHEDULE = '*-*-1/3 03:00';
export const BACKUP_KEEP = 'keep-last=3';

export function backupJobId(vmid: number): string {
  return `rackdesk-${vmid}`;
}

export function tagsOf(tags: string | number | undefined): string[] {
  return String(tags ?? '')
    .split(/[;,\s]+/)
    .filter(Boolean);
}

/** The osid a VM was installed from, from its `rd-os-<osid>` tag. */
export function installedOsid(tags: string | number | undefined): string | undefined {
  return tagsOf(tags)
    .find((t) => t.startsWith(Tag.installedOs))
    ?.slice(Tag.installedOs.length);
}

export function withInstalledOsid(tags: string | number | undefined, osid: string): string {
  return [...tagsOf(tags).filter((t) => !t.startsWith(Tag.installedOs)), `${Tag.installedOs}${osid}`].join(
    ';',
  );
}

export function userTemplateName(ownerId: number, vmid: number): string {
  return `ut-${ownerId}-${vmid}`;
}

export function isUserTemplateOf(name: string | undefined, ownerId: number): boolean {
  return name?.startsWith(`ut-${ownerId}-`) ?? false;
}

export const CUSTOM_OSID_PREFIX = 'custom_';

export interface IsoName {
  ownerId: number;
  uuid: string;
  name: string;
}

/** The file name a customer's ISO gets: owner, a uuid (two uploads never collide), the URL's file name. */
export function isoFilename(ownerId: number, url: string): { filename: string; uuid: string } {
  const uuid = randomUUID();
  const last = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '') || 'image.iso';
  const base = last.replace(/[^a-zA-Z0-9_.-]/g, '_').slice(0, 100);
  const name = /\.(iso|img)$/i.test(base) ? base : `${base}.iso`;
  return { filename: `u${ownerId}-${uuid}-${name}`, uuid };
}

export function parseIsoFilename(filename: string): IsoName | undefined {
  const match = /^u(\d+)-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-(.+)$/.exec(filename);
  return match ? { ownerId: Number(match[1]), uuid: match[2]!, name: match[3]! } : undefined;
}

/** Whether `mark` (the ordered service's, see NewVm) is a line of a VM's description. */
export function hasServiceMark(description: string | number | undefined, mark: string): boolean {
  return String(description ?? '')
    .split(/\r?\n/)
    .some((line) => line.trim() === mark);
}

/** The volume name of an ordered storage block. */
export function blockVolumeName(layout: ProxmoxLayout, serviceId: number): string {
  return `vm-${layout.blockVolumeOwner}-block-${serviceId}`;
}

/** The location a node's notes name, e.g. 'New York'. */
export function locationOf(description: string | undefined): string | undefined {
  return /^\s*location:\s*(.+?)\s*$/im.exec(description ?? '')?.[1];
}

/** A root password for a template install or a reset: 16 characters of letters, digits and a few symbols. */
export function generatePassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789!@#$^*_-+=?';
  return Array.from({ length: 16 }, () => alphabet[randomInt(alphabet.length)]).join('');
}
