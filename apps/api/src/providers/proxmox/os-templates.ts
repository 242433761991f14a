import type { Vps2OsTemplate } from '@rackdesk/contract';
import { AppError } from '../../http/errors.ts';
import {
  CUSTOM_OSID_PREFIX,
  isUserTemplateOf,
  type ProxmoxLayout,
  Tag,
  tagsOf,
  withInstalledOsid,
} from './conventions.ts';
import { type PveApi, seg } from './pve-api.ts';
import { type PveVmResource, vmConfigSchema } from './pve-types.ts';
import { listUserTemplates } from './user-templates.ts';
import { attachedVolumes, bootDiskKey } from './vm-config.ts';

/** Standard templates: template VMs tagged rd-os. */
function standardTemplates(vms: PveVmResource[]): PveVmResource[] {
  return vms.filter((vm) => vm.template === 1 && tagsOf(vm.tags).includes(Tag.osTemplate));
}

export async function listOsTemplates(api: PveApi, ownerId: number): Promise<Vps2OsTemplate[]> {
  const [resources, userTemplates] = await Promise.all([api.listVms(), listUserTemplates(api, ownerId)]);
  const standard = standardTemplates(resources).map((vm): Vps2OsTemplate => ({
    osid: String(vm.vmid),
    name: vm.name ?? `Template ${vm.vmid}`,
    type: 'standard',
    ssh_keys_allowed: tagsOf(vm.tags).includes(Tag.sshKeys),
  }));
  const custom = userTemplates
    .filter((t) => t.status === 'completed')
    .map((t): Vps2OsTemplate => ({
      osid: `${CUSTOM_OSID_PREFIX}${t.id}`,
      name: t.custom_name,
      type: 'custom',
      ssh_keys_allowed: false,
    }));
  return [...standard.sort((a, b) => a.name.localeCompare(b.name)), ...custom];
}

/**
 * The name of an installed operating system, for the detail's os_name: a standard template's VM
 * name, or a user template's name (its description).
 */
export async function osNameOf(api: PveApi, vms: PveVmResource[], osid: string): Promise<string> {
  const custom = osid.startsWith(CUSTOM_OSID_PREFIX);
  const vmid = Number(custom ? osid.slice(CUSTOM_OSID_PREFIX.length) : osid);
  const template = vms.find((r) => r.vmid === vmid);
  if (!template) return custom ? 'Custom template' : 'Unknown';
  if (!custom) return template.name ?? osid;
  const config = await api.get(`/nodes/${seg(template.node)}/qemu/${vmid}/config`, vmConfigSchema);
  return String(config.description ?? 'Custom template');
}

interface InstallSource {
  osid: string;
  volume: string;
  sshKeysAllowed: boolean;
}

/** The template behind an osid, if this owner may install it, with the disk to copy. */
async function installSource(api: PveApi, ownerId: number, osid: string): Promise<InstallSource> {
  const custom = osid.startsWith(CUSTOM_OSID_PREFIX);
  const vmid = Number(custom ? osid.slice(CUSTOM_OSID_PREFIX.length) : osid);
  const vms = await api.listVms();
  const template = custom
    ? vms.find((vm) => vm.vmid === vmid && isUserTemplateOf(vm.name, ownerId))
    : standardTemplates(vms).find((vm) => vm.vmid === vmid);
  if (!Number.isInteger(vmid) || !template)
    throw AppError.invalid('osid', 'This operating system is not available.');
  const config = await api.get(`/nodes/${seg(template.node)}/qemu/${vmid}/config`, vmConfigSchema);
  const disk = attachedVolumes(config).find((d) => d.key === bootDiskKey(config));
  if (!disk || config.lock !== undefined) throw new AppError(409, 'This template is not ready yet.');
  return {
    osid,
    volume: disk.volume,
    sshKeysAllowed: !custom && tagsOf(template.tags).includes(Tag.sshKeys),
  };
}

/**
 * Reinstall: the VM is stopped (waiting for it), then one asynchronous config change imports the
 * template's disk over the boot disk and sets the cloud-init password (and SSH keys), tagging the
 * VM with the osid it now runs. The VM is locked until the import is over.
 */
export async function reinstall(
  api: PveApi,
  layout: ProxmoxLayout,
  vmid: number,
  ownerId: number,
  request: { osid: string; password: string; sshKeys?: string[] },
): Promise<void> {
  const vm = await api.findVm(vmid);
  const source = await installSource(api, ownerId, request.osid);
  const base = `/nodes/${seg(vm.node)}/qemu/${vmid}`;
  const config = await api.get(`${base}/config`, vmConfigSchema);
  if (vm.status === 'running')
    await api.waitForTask(vm.node, await api.post(`${base}/status/stop`), layout.powerWaitMs);
  const keys = source.sshKeysAllowed && request.sshKeys?.length ? request.sshKeys.join('\n') : undefined;
  await api.post(`${base}/config`, {
    [bootDiskKey(config)]: `${layout.imageStorage}:0,import-from=${source.volume}`,
    cipassword: request.password,
    // Proxmox wants the keys URL-encoded inside the (itself encoded) form value.
    sshkeys: keys === undefined ? undefined : encodeURIComponent(keys),
    tags: withInstalledOsid(config.tags, source.osid),
  });
}
