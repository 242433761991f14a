import {
  type StorageBlockDisk,
  type Vps2Backup,
  type Vps2BootOrder,
  type Vps2Detail,
  type Vps2InsertIso,
  type Vps2Iso,
  type Vps2OsTemplate,
  type Vps2StatSample,
  type Vps2StatsRange,
  type Vps2UserTemplate,
  Vps2Text,
  type Vps2Vnc,
} from '@rackdesk/contract';
import { AppError } from '../../http/errors.ts';
import { UpstreamError } from '../upstream-error.ts';
import { Backups } from './backups.ts';
import { BlockStorage } from './block-storage.ts';
import {
  blockVolumeName,
  CUSTOM_OSID_PREFIX,
  defaultLayout,
  generatePassword,
  type ProxmoxLayout,
} from './conventions.ts';
import type { Ipv4Lease } from './ipv4-pools.ts';
import { Isos } from './isos.ts';
import { listOsTemplates, reinstall } from './os-templates.ts';
import type { BlockStorageScope, NewVm, ProxmoxProvider } from './provider.ts';
import { PveApi, PveParameterError, seg, serverLockedError } from './pve-api.ts';
import { agentResultSchema, vmConfigSchema, vncProxySchema } from './pve-types.ts';
import { createUserTemplate, deleteUserTemplate, listUserTemplates } from './user-templates.ts';
import { getVmDetail, getVmStats } from './vm-detail.ts';
import { createVm, destroyVm, freeIpv4, nextVmid } from './vm-provisioning.ts';
import { bootDiskKey, bootValue } from './vm-config.ts';

export interface ProxmoxClientOptions {
  /** Such as https://pve.example.com:8006. */
  baseUrl: string;
  /** `USER@REALM!TOKENID`. */
  tokenId: string;
  tokenSecret: string;
  /** Per attempt of each call. */
  timeoutMs: number;
  readRetries?: number;
  /** Storages and limits of the cluster, where they differ from the defaults. */
  layout?: Partial<ProxmoxLayout>;
}

const GiB = 1024 ** 3;
/** The workers of power changes: each holds the VM's lock file while it works. */
const POWER_TASKS = new Set(['qmstart', 'qmstop', 'qmshutdown', 'qmreboot', 'qmreset']);
/** Proxmox's answers when there is no guest agent to talk to (the VM is off or still booting). */
const AGENT_DOWN = /is not running/;

function startToResetError(): AppError {
  return new AppError(409, Vps2Text.startToResetPassword, { error: 'server_stopped' });
}

/** The Proxmox VE client behind VPS v2 and storage blocks. */
export class ProxmoxClient implements ProxmoxProvider {
  readonly #api: PveApi;
  readonly #layout: ProxmoxLayout;
  readonly #backups: Backups;
  readonly #isos: Isos;
  readonly #blocks: BlockStorage;

  constructor(options: ProxmoxClientOptions) {
    this.#api = new PveApi(options);
    this.#layout = { ...defaultLayout, ...options.layout };
    this.#backups = new Backups(this.#api, this.#layout);
    this.#isos = new Isos(this.#api, this.#layout);
    this.#blocks = new BlockStorage(this.#api, this.#layout);
  }

  getServer(vmid: number, options: { bandwidthLimitGb?: number } = {}): Promise<Vps2Detail> {
    return getVmDetail(this.#api, vmid, options.bandwidthLimitGb ?? 0);
  }

  getServerLocation(vmid: number): Promise<string> {
    return this.#blocks.locationOfVm(vmid);
  }

  async setHostname(vmid: number, hostname: string): Promise<void> {
    try {
      await this.#putConfig(vmid, { name: hostname });
    } catch (error) {
      if (error instanceof PveParameterError)
        throw AppError.invalid('hostname', 'This hostname is not valid.');
      throw error;
    }
  }

  /**
   * Refuses while an earlier power change of the VM is still running: Proxmox would queue a
   * second one behind it on the VM's lock file, and fail it if the first takes longer than ten
   * seconds, so its outcome would depend on timing the user cannot see.
   */
  async assertPowerIdle(vmid: number): Promise<void> {
    const { node } = await this.#api.findVm(vmid);
    const active = await this.#api.activeTasks(node, vmid);
    if (active.some((task) => POWER_TASKS.has(task.type))) throw serverLockedError();
  }

  restart(vmid: number): Promise<void> {
    return this.#power(vmid, 'reboot');
  }

  start(vmid: number): Promise<void> {
    return this.#power(vmid, 'start');
  }

  /** A hard stop, as the spec's power switch means (shutdown would wait for the guest). */
  powerOff(vmid: number): Promise<void> {
    return this.#power(vmid, 'stop');
  }

  listIsos(ownerId: number): Promise<Vps2Iso[]> {
    return this.#isos.list(ownerId);
  }

  addIso(ownerId: number, url: string): Promise<Vps2Iso> {
    return this.#isos.add(ownerId, url);
  }

  deleteIso(ownerId: number, isoId: string): Promise<void> {
    return this.#isos.delete(ownerId, isoId);
  }

  async insertIso(vmid: number, ownerId: number, selection: Vps2InsertIso): Promise<void> {
    const values = await this.#isos.driveValues(ownerId, selection);
    if (Object.keys(values).length > 0) await this.#putConfig(vmid, values);
  }

  async setBootOrder(vmid: number, order: Vps2BootOrder): Promise<void> {
    const { node } = await this.#api.findVm(vmid);
    const config = await this.#api.get(`/nodes/${seg(node)}/qemu/${vmid}/config`, vmConfigSchema);
    await this.#api.put(`/nodes/${seg(node)}/qemu/${vmid}/config`, { boot: bootValue(config, order) });
  }

  getStats(vmid: number, range: Vps2StatsRange): Promise<Vps2StatSample[]> {
    return getVmStats(this.#api, vmid, range);
  }

  listOsTemplates(ownerId: number): Promise<Vps2OsTemplate[]> {
    return listOsTemplates(this.#api, ownerId);
  }

  reinstall(
    vmid: number,
    ownerId: number,
    request: { osid: string; password: string; sshKeys?: string[] },
  ): Promise<void> {
    return reinstall(this.#api, this.#layout, vmid, ownerId, request);
  }

  async getVnc(vmid: number): Promise<Vps2Vnc> {
    const { node } = await this.#api.findVm(vmid);
    const answer = await this.#api.postFor(`/nodes/${seg(node)}/qemu/${vmid}/vncproxy`, vncProxySchema, {
      websocket: 1,
      'generate-password': 1,
    });
    return { token: answer.ticket, pass: answer.password ?? '', port: answer.port };
  }

  /**
   * The guest agent's `set-user-password` (the agent runs inside the guest, so only while the VM
   * runs): Proxmox answers 500 "VM n is not running" or "QEMU guest agent is not running" then.
   */
  async resetRootPassword(vmid: number): Promise<string> {
    const vm = await this.#api.findVm(vmid);
    if (vm.status !== 'running') throw startToResetError();
    const password = generatePassword();
    try {
      await this.#api.postFor(
        `/nodes/${seg(vm.node)}/qemu/${vmid}/agent/set-user-password`,
        agentResultSchema,
        {
          username: 'root',
          password,
        },
      );
    } catch (error) {
      if (error instanceof UpstreamError && AGENT_DOWN.test(error.detail)) throw startToResetError();
      throw error;
    }
    return password;
  }

  isBackupEnabled(vmid: number): Promise<boolean> {
    return this.#backups.isEnabled(vmid);
  }

  toggleBackups(vmid: number): Promise<boolean> {
    return this.#backups.toggle(vmid);
  }

  listBackups(vmid: number): Promise<Vps2Backup[]> {
    return this.#backups.list(vmid);
  }

  getNextBackup(vmid: number): Promise<number | null> {
    return this.#backups.nextRun(vmid);
  }

  triggerBackup(vmid: number): Promise<void> {
    return this.#backups.trigger(vmid);
  }

  deleteBackup(vmid: number, volid: string): Promise<void> {
    return this.#backups.delete(vmid, volid);
  }

  restoreBackup(vmid: number, volid: string): Promise<void> {
    return this.#backups.restore(vmid, volid);
  }

  listUserTemplates(ownerId: number): Promise<Vps2UserTemplate[]> {
    return listUserTemplates(this.#api, ownerId);
  }

  createUserTemplate(vmid: number, ownerId: number, customName: string): Promise<Vps2UserTemplate> {
    return createUserTemplate(this.#api, this.#layout, vmid, ownerId, customName);
  }

  async installUserTemplate(
    vmid: number,
    ownerId: number,
    templateId: number,
  ): Promise<{ new_password: string }> {
    const password = generatePassword();
    await reinstall(this.#api, this.#layout, vmid, ownerId, {
      osid: `${CUSTOM_OSID_PREFIX}${templateId}`,
      password,
    });
    return { new_password: password };
  }

  deleteUserTemplate(ownerId: number, templateId: number): Promise<void> {
    return deleteUserTemplate(this.#api, ownerId, templateId, this.#layout.powerWaitMs);
  }

  async resize(vmid: number, plan: { cores: number; memoryMb: number; diskGb: number }): Promise<void> {
    const vm = await this.#api.findVm(vmid);
    const base = `/nodes/${seg(vm.node)}/qemu/${vmid}`;
    const config = await this.#api.get(`${base}/config`, vmConfigSchema);
    if (plan.diskGb * GiB < (vm.maxdisk ?? 0)) throw AppError.invalid('disk', 'A disk can only grow.');
    await this.#api.put(`${base}/config`, { cores: plan.cores, memory: plan.memoryMb });
    if (plan.diskGb * GiB > (vm.maxdisk ?? 0)) {
      // An absolute size: sent twice, it grows the disk once.
      await this.#api.put(`${base}/resize`, { disk: bootDiskKey(config), size: `${plan.diskGb}G` });
    }
    if (vm.status === 'running') await this.#api.post(`${base}/status/reboot`);
  }

  listBlockStorage(scope: BlockStorageScope): Promise<StorageBlockDisk[]> {
    return this.#blocks.list(scope);
  }

  attachDisk(vmid: number, diskName: string): Promise<void> {
    return this.#blocks.attach(vmid, diskName);
  }

  detachDisk(vmid: number, diskName: string): Promise<void> {
    return this.#blocks.detach(vmid, diskName);
  }

  nextVmid(from?: number): Promise<number> {
    return nextVmid(this.#api, from);
  }

  freeIpv4(location: string): Promise<Ipv4Lease[]> {
    return freeIpv4(this.#api, location);
  }

  createVm(spec: NewVm): Promise<void> {
    return createVm(this.#api, this.#layout, spec);
  }

  destroyVm(vmid: number, mark: string): Promise<void> {
    return destroyVm(this.#api, this.#layout, vmid, mark);
  }

  createBlockVolume(spec: { location: string; serviceId: number; sizeGb: number }): Promise<string> {
    return this.#blocks.create({
      location: spec.location,
      name: blockVolumeName(this.#layout, spec.serviceId),
      ownerVmid: this.#layout.blockVolumeOwner,
      sizeGb: spec.sizeGb,
    });
  }

  deleteBlockVolume(volid: string, attachedTo?: number): Promise<void> {
    return this.#blocks.delete(volid, attachedTo);
  }

  async #power(vmid: number, action: 'start' | 'stop' | 'reboot'): Promise<void> {
    const { node } = await this.#api.findVm(vmid);
    await this.#api.post(`/nodes/${seg(node)}/qemu/${vmid}/status/${action}`);
  }

  async #putConfig(vmid: number, values: Record<string, string | number>): Promise<void> {
    const { node } = await this.#api.findVm(vmid);
    await this.#api.put(`/nodes/${seg(node)}/qemu/${vmid}/config`, values);
  }
}
