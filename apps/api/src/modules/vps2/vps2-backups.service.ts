import { VPS2_BACKUP_INTERVAL_HOURS, type Vps2Backup } from '@rackdesk/contract';
import type { Database } from '../../db/client.ts';
import type { AuthContext } from '../../http/policy.ts';
import type { Vps2Provider } from '../../providers/proxmox/index.ts';
import type { ServerWatch } from '../server-watch/server-watch.service.ts';
import { Vps2BackupSchedulesRepository } from './vps2-backup-schedules.repository.ts';
import type { FollowServer } from '../server-watch/follow-server.ts';
import { assertUnlocked, type Vps2Servers } from './vps2-servers.ts';

/** Upstream calls the backup schedule job makes at once. */
const SCHEDULE_CHECK_CONCURRENCY = 4;

/**
 * Backups of a VPS v2 (servers spec §2 Backups tab, §4, §7): reads for anyone who may see the
 * server; changes on an active service only, and a backup, a restore or switching automatic
 * backups only while the server is not busy with another operation.
 */
export class Vps2BackupsService {
  constructor(
    private readonly provider: Vps2Provider,
    private readonly servers: Vps2Servers,
    private readonly follow: FollowServer,
  ) {}

  async isEnabled(auth: AuthContext, id: number): Promise<boolean> {
    const { vmid } = await this.servers.find(auth, id);
    return this.provider.isBackupEnabled(vmid);
  }

  async list(auth: AuthContext, id: number): Promise<Vps2Backup[]> {
    const { vmid } = await this.servers.find(auth, id);
    return this.provider.listBackups(vmid);
  }

  async schedule(
    auth: AuthContext,
    id: number,
  ): Promise<{ next_run: number | null; interval_hours: number }> {
    const { vmid } = await this.servers.find(auth, id);
    return { next_run: await this.provider.getNextBackup(vmid), interval_hours: VPS2_BACKUP_INTERVAL_HOURS };
  }

  /** Switches automatic backups; answers the new state. */
  async toggle(auth: AuthContext, id: number): Promise<boolean> {
    const { vmid } = await this.servers.manageable(auth, id);
    assertUnlocked(await this.provider.getServer(vmid));
    return this.provider.toggleBackups(vmid);
  }

  async trigger(auth: AuthContext, id: number): Promise<void> {
    const { service, vmid } = await this.servers.manageable(auth, id);
    await this.provider.triggerBackup(vmid);
    await this.follow(auth, { serviceId: service.id, upstreamId: String(vmid), kind: 'backup' });
  }

  async delete(auth: AuthContext, id: number, volid: string): Promise<void> {
    const { vmid } = await this.servers.manageable(auth, id);
    await this.provider.deleteBackup(vmid, volid);
  }

  async restore(auth: AuthContext, id: number, volid: string): Promise<void> {
    const { service, vmid } = await this.servers.manageable(auth, id);
    await this.provider.restoreBackup(vmid, volid);
    await this.follow(auth, { serviceId: service.id, upstreamId: String(vmid), kind: 'restore' });
  }
}

/**
 * Automatic backups run on the platform's own schedule, with nobody pressing a button: this
 * looks at every active VPS v2 now and then, and when a scheduled backup is due or has run since
 * the last look (the platform's next run moved on), starts a backup watch so that open Backups
 * tabs update when it finishes.
 */
export class Vps2BackupSchedule {
  private readonly nextRuns: Vps2BackupSchedulesRepository;

  constructor(
    database: Database,
    private readonly provider: Vps2Provider,
    private readonly servers: Vps2Servers,
    private readonly serverWatch: ServerWatch,
  ) {
    this.nextRuns = new Vps2BackupSchedulesRepository(database.db);
  }

  /** Answers what it did, kept as the job's output: failed lists the services it could not check. */
  async followScheduledBackups(
    nowSeconds = Date.now() / 1000,
  ): Promise<{ checked: number; watched: number; failed: number[] }> {
    const [vms, seen] = await Promise.all([this.servers.allActive(), this.nextRuns.listNextRuns()]);
    await this.nextRuns.keepOnly(vms.map((vm) => vm.id));
    const result = { checked: 0, watched: 0, failed: [] as number[] };
    for (let start = 0; start < vms.length; start += SCHEDULE_CHECK_CONCURRENCY) {
      await Promise.all(
        vms.slice(start, start + SCHEDULE_CHECK_CONCURRENCY).map(async (vm) => {
          try {
            const nextRun = await this.provider.getNextBackup(vm.vmid);
            result.checked += 1;
            if (nextRun === null) return this.nextRuns.delete(vm.id);
            if (isBackupDueOrDone(seen.get(vm.id), nextRun, nowSeconds)) {
              await this.serverWatch.watch({
                accountId: vm.userId,
                serviceId: vm.id,
                provider: 'proxmox',
                upstreamId: String(vm.vmid),
                kind: 'backup',
              });
              result.watched += 1;
            }
            await this.nextRuns.save(vm.id, nextRun);
          } catch {
            // One server the platform cannot answer for does not hold up the others.
            result.failed.push(vm.id);
          }
        }),
      );
    }
    return result;
  }
}

/**
 * Whether a scheduled backup calls for a watch: it has run since the last look (the next run
 * moved on from the one seen then), or it is due now and was not seen due before.
 */
export function isBackupDueOrDone(
  seenNextRun: number | undefined,
  nextRun: number,
  nowSeconds: number,
): boolean {
  if (seenNextRun !== undefined && nextRun > seenNextRun) return true;
  return nextRun <= nowSeconds && seenNextRun !== nextRun;
}
