import { isVpsLocked } from '@rackdesk/contract';
import type { Providers } from '../../providers/index.ts';
import type { WatchTarget } from './watch-target.ts';

/** What a watch learns from one look at the upstream, in the panel's own words. */
export interface Reading {
  /** 'on', 'off', or the upstream's word for a transition ('starting', 'rebooting'…). */
  power?: string;
  /** A long operation: its progress, when the upstream tells it. */
  task?: { active: boolean; percent?: number; message?: string };
}

const dedicatedSettled: Record<string, string> = { online: 'on', offline: 'off' };

/** Reads the one fact a watch follows, from whichever platform runs the server. */
export async function readServer(providers: Providers, target: WatchTarget): Promise<Reading> {
  const id = Number(target.upstreamId);
  switch (target.provider) {
    case 'tenantos': {
      if (target.kind === 'power') {
        const { status } = await providers.dedicated.getPowerStatus(id);
        return { power: dedicatedSettled[status] ?? status };
      }
      const rebuild = await providers.dedicated.getRebuildStatus(id);
      return { task: { active: rebuild.active, percent: rebuild.percent, message: rebuild.message } };
    }
    case 'virtualizor': {
      const vps = await providers.vps.getVps(id);
      const locked = isVpsLocked(vps.locked);
      if (target.kind === 'power')
        return { power: locked ? 'busy' : vps.vm_status.status === 1 ? 'on' : 'off' };
      return { task: { active: locked, message: vps.locked } };
    }
    case 'proxmox': {
      const vm = await providers.proxmox.getServer(id);
      if (target.kind === 'power')
        return { power: vm.locked ? 'busy' : vm.status === 'running' ? 'on' : 'off' };
      return { task: { active: vm.locked, message: vm.locked_message } };
    }
  }
}
