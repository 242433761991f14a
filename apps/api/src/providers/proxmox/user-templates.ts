import { type Vps2UserTemplate, Vps2Text } from '@rackdesk/contract';
import { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import { isUserTemplateOf, type ProxmoxLayout, userTemplateName } from './conventions.ts';
import { type PveApi, seg } from './pve-api.ts';
import { type PveVmResource, vmConfigSchema } from './pve-types.ts';
import { attachedVolumes, bootDiskKey, creationTime } from './vm-config.ts';

/**
 * User templates are full clones of a customer's VM, named `ut-<ownerId>-<vmid>` with the
 * template's name as description. A clone in progress is locked `clone` (pending); a finished
 * one has its disk (completed); one without a disk and without a lock is a failed copy (error).
 */
export async function listUserTemplates(api: PveApi, ownerId: number): Promise<Vps2UserTemplate[]> {
  const owned = (await api.listVms()).filter((vm) => isUserTemplateOf(vm.name, ownerId));
  const templates = await Promise.all(owned.map((vm) => describe(api, vm)));
  return templates.sort((a, b) => a.id - b.id);
}

async function describe(api: PveApi, vm: PveVmResource): Promise<Vps2UserTemplate> {
  const config = await api.get(`/nodes/${seg(vm.node)}/qemu/${vm.vmid}/config`, vmConfigSchema);
  const hasDisk = attachedVolumes(config).some((d) => d.key === bootDiskKey(config));
  const locked = config.lock !== undefined || vm.lock !== undefined;
  const ctime = creationTime(config);
  return {
    id: vm.vmid,
    custom_name: String(config.description ?? vm.name ?? ''),
    created_at: ctime === undefined ? '' : new Date(ctime * 1000).toISOString(),
    status: locked ? 'pending' : hasDisk ? 'completed' : 'error',
    size: vm.maxdisk ?? 0,
  };
}

export async function createUserTemplate(
  api: PveApi,
  layout: ProxmoxLayout,
  vmid: number,
  ownerId: number,
  customName: string,
): Promise<Vps2UserTemplate> {
  const [vm, existing] = await Promise.all([api.findVm(vmid), listUserTemplates(api, ownerId)]);
  if (existing.length >= layout.userTemplateLimit) {
    throw new AppError(422, Vps2Text.userTemplateLimit, { error: 'user_template_limit' });
  }
  const newid = Number(await api.get('/cluster/nextid', z.coerce.string()));
  await api.post(`/nodes/${seg(vm.node)}/qemu/${vmid}/clone`, {
    newid,
    name: userTemplateName(ownerId, newid),
    description: customName,
    full: 1,
    storage: layout.imageStorage,
  });
  return {
    id: newid,
    custom_name: customName,
    created_at: new Date().toISOString(),
    status: 'pending',
    size: vm.maxdisk ?? 0,
  };
}

/**
 * Destroys the template VM and waits for Proxmox's destroy task, so that the list read right after
 * the answer no longer holds it.
 */
export async function deleteUserTemplate(
  api: PveApi,
  ownerId: number,
  templateId: number,
  waitMs: number,
): Promise<void> {
  const template = (await api.listVms()).find(
    (vm) => vm.vmid === templateId && isUserTemplateOf(vm.name, ownerId),
  );
  if (!template) throw AppError.notFound('This template was not found.');
  const upid = await api.delete(`/nodes/${seg(template.node)}/qemu/${templateId}`, {
    purge: 1,
    'destroy-unreferenced-disks': 1,
  });
  await api.waitForTask(template.node, upid, waitMs);
}
