import type { AppContext } from '../app-context.ts';
import { Vps2BackupSchedule } from '../modules/vps2/vps2-backups.service.ts';
import { Vps2Servers } from '../modules/vps2/vps2-servers.ts';
import type { JobDefinition } from './job-queue.ts';

export const VPS2_BACKUP_SCHEDULE_JOB = 'vps2-backup-schedule';

/**
 * Every two minutes, follows the automatic backups of VPS v2 servers that are due or have just
 * run, so that open Backups tabs update when they finish; see Vps2BackupSchedule.
 */
export function vps2BackupScheduleJob(ctx: AppContext): JobDefinition {
  const servers = new Vps2Servers(ctx.database, ctx.services);
  const schedule = new Vps2BackupSchedule(ctx.database, ctx.providers.proxmox, servers, ctx.serverWatch);
  return {
    name: VPS2_BACKUP_SCHEDULE_JOB,
    cron: '*/2 * * * *',
    // One run waiting is enough and two never overlap; a failed run is replaced by the next tick.
    options: { policy: 'stately', retryLimit: 0, expireInSeconds: 600 },
    handler: () => schedule.followScheduledBackups(),
  };
}
