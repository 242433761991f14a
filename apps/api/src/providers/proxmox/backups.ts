import type { Vps2Backup } from '@rackdesk/contract';
import { AppError } from '../../http/errors.ts';
import { BACKUP_KEEP, BACKUP_SCHEDULE, backupJobId, type ProxmoxLayout } from './conventions.ts';
import { type PveApi, seg, serverLockedError } from './pve-api.ts';
import { backupJobSchema, type PveBackupJob, storageContentSchema, vmStatusSchema } from './pve-types.ts';

/**
 * Backups of a VM: vzdump archives on the backup storage, and automatic backups as cluster
 * backup jobs that include the VM (Rackdesk creates one per VM, `rackdesk-<vmid>`).
 */
export class Backups {
  constructor(
    private readonly api: PveApi,
    private readonly layout: ProxmoxLayout,
  ) {}

  async isEnabled(vmid: number): Promise<boolean> {
    return (await this.#jobsOf(vmid)).some(isEnabled);
  }

  async toggle(vmid: number): Promise<boolean> {
    const jobs = await this.#jobsOf(vmid);
    const enabled = jobs.filter(isEnabled);
    if (enabled.length > 0) {
      for (const job of enabled) {
        const others = vmidsOf(job).filter((id) => id !== vmid);
        if (others.length === 0) await this.api.delete(`/cluster/backup/${seg(job.id)}`);
        else await this.api.put(`/cluster/backup/${seg(job.id)}`, { vmid: others.join(',') });
      }
      return false;
    }
    await this.api.findVm(vmid);
    const own = jobs.find((job) => job.id === backupJobId(vmid));
    if (own) {
      await this.api.put(`/cluster/backup/${seg(own.id)}`, { enabled: 1 });
    } else {
      await this.api.post('/cluster/backup', {
        id: backupJobId(vmid),
        vmid,
        schedule: BACKUP_SCHEDULE,
        storage: this.layout.backupStorage,
        mode: 'snapshot',
        compress: 'zstd',
        'prune-backups': BACKUP_KEEP,
        enabled: 1,
        comment: `Rackdesk automatic backups of VM ${vmid}`,
      });
    }
    return true;
  }

  async nextRun(vmid: number): Promise<number | null> {
    const runs = (await this.#jobsOf(vmid))
      .filter(isEnabled)
      .map((job) => job['next-run'])
      .filter((t): t is number => t !== undefined);
    return runs.length > 0 ? Math.min(...runs) : null;
  }

  async list(vmid: number): Promise<Vps2Backup[]> {
    const vm = await this.api.findVm(vmid);
    return (await this.#archives(vm.node, vmid)).map((item) => ({
      volid: item.volid,
      size: item.size,
      created_at: new Date((item.ctime ?? 0) * 1000).toISOString(),
    }));
  }

  async trigger(vmid: number): Promise<void> {
    const vm = await this.api.findVm(vmid);
    await this.#assertUnlocked(vm.node, vmid);
    await this.api.post(`/nodes/${seg(vm.node)}/vzdump`, {
      vmid,
      storage: this.layout.backupStorage,
      mode: 'snapshot',
      compress: 'zstd',
    });
  }

  async delete(vmid: number, volid: string): Promise<void> {
    const vm = await this.api.findVm(vmid);
    await this.#requireArchive(vm.node, vmid, volid);
    await this.api.delete(
      `/nodes/${seg(vm.node)}/storage/${seg(this.layout.backupStorage)}/content/${seg(volid)}`,
    );
  }

  /** Restores over the VM (force=1), which must be stopped first; a VM that ran is started again. */
  async restore(vmid: number, volid: string): Promise<void> {
    const vm = await this.api.findVm(vmid);
    await this.#requireArchive(vm.node, vmid, volid);
    await this.#assertUnlocked(vm.node, vmid);
    const wasRunning = vm.status === 'running';
    if (wasRunning) {
      const upid = await this.api.post(`/nodes/${seg(vm.node)}/qemu/${vmid}/status/stop`);
      await this.api.waitForTask(vm.node, upid, this.layout.powerWaitMs);
    }
    await this.api.post(`/nodes/${seg(vm.node)}/qemu`, {
      vmid,
      archive: volid,
      force: 1,
      start: wasRunning ? 1 : 0,
    });
  }

  async #jobsOf(vmid: number): Promise<PveBackupJob[]> {
    const jobs = await this.api.get('/cluster/backup', backupJobSchema.array());
    return jobs.filter((job) => vmidsOf(job).includes(vmid));
  }

  async #archives(node: string, vmid: number) {
    const items = await this.api.get(
      `/nodes/${seg(node)}/storage/${seg(this.layout.backupStorage)}/content`,
      storageContentSchema.array(),
      { content: 'backup', vmid },
    );
    // Only this VM's archives, whatever the storage's filter did; newest first.
    return items
      .filter((item) => item.vmid === vmid || item.volid.includes(`vzdump-qemu-${vmid}-`))
      .sort((a, b) => (b.ctime ?? 0) - (a.ctime ?? 0));
  }

  async #requireArchive(node: string, vmid: number, volid: string): Promise<void> {
    const archives = await this.#archives(node, vmid);
    if (!archives.some((item) => item.volid === volid)) throw AppError.notFound('This backup was not found.');
  }

  async #assertUnlocked(node: string, vmid: number): Promise<void> {
    const status = await this.api.get(`/nodes/${seg(node)}/qemu/${vmid}/status/current`, vmStatusSchema);
    if (status.lock) throw serverLockedError();
  }
}

function vmidsOf(job: PveBackupJob): number[] {
  return String(job.vmid ?? '')
    .split(',')
    .filter(Boolean)
    .map(Number);
}

function isEnabled(job: PveBackupJob): boolean {
  return job.enabled === undefined || job.enabled === true || Number(job.enabled) === 1;
}
