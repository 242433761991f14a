import type { ServiceRow } from '../../../db/schema/index.ts';
import { AppError } from '../../../http/errors.ts';
import type { Providers } from '../../../providers/index.ts';
import { vmidOf } from '../../vps2/vps2-servers.ts';

export type UpstreamOf = Pick<ServiceRow, 'provider' | 'upstreamId'>;

/** What a suspension did upstream: the machine was switched off, or there was nothing to switch. */
export type PowerOutcome = 'switched' | 'nothing-upstream';

/**
 * What suspending a service for an unpaid invoice does to its machine, and what unsuspending
 * undoes. None of the APIs the panel holds has a billing suspension: Tenantos has power commands
 * only, Virtualizor's end-user API has no suspend act, and Proxmox's `status/suspend` pauses a VM
 * its owner could resume. So a suspended server is powered off (a hard stop), and while its service
 * is Suspended the panel refuses every change to it (services.assertManageable); unsuspension
 * powers it on again. A storage block has no power: its suspension is the panel's refusal alone.
 */
export class ServicePower {
  constructor(private readonly providers: Providers) {}

  stop(service: UpstreamOf): Promise<PowerOutcome> {
    return this.#switch(service, 'off');
  }

  start(service: UpstreamOf): Promise<PowerOutcome> {
    return this.#switch(service, 'on');
  }

  async #switch(service: UpstreamOf, to: 'on' | 'off'): Promise<PowerOutcome> {
    const { provider, upstreamId } = service;
    if (!provider || !upstreamId) return 'nothing-upstream';
    const id = Number(upstreamId);
    try {
      switch (provider) {
        case 'tenantos': {
          const dedicated = this.providers.dedicated;
          await (to === 'off' ? dedicated.powerOff(id) : dedicated.powerOn(id));
          return 'switched';
        }
        case 'virtualizor': {
          const vps = this.providers.vps;
          await (to === 'off' ? vps.powerOff(id) : vps.start(id));
          return 'switched';
        }
        case 'proxmox': {
          const vmid = vmidOf(upstreamId);
          if (vmid === undefined) return 'nothing-upstream';
          const proxmox = this.providers.proxmox;
          await (to === 'off' ? proxmox.powerOff(vmid) : proxmox.start(vmid));
          return 'switched';
        }
      }
    } catch (err) {
      // Gone upstream (404) or without remote power control (422, a dedicated server with no power
      // provider): retrying cannot help, so the suspension is the panel's alone. A busy machine
      // (409) or a platform that fails (502/504) is tried again by the next run.
      if (err instanceof AppError && (err.statusCode === 404 || err.statusCode === 422)) {
        return 'nothing-upstream';
      }
      throw err;
    }
  }
}
