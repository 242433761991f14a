import type {
  ServiceListItem,
  VpsBootOrder,
  VpsDetailResponse,
  VpsInsertIsosBody,
  VpsRebuildBody,
  VpsStats,
  VpsTemplate,
  VpsVnc,
} from '@rackdesk/contract';
import { VpsText } from '@rackdesk/contract';
import type { ServiceRow } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import type { AuthContext } from '../../http/policy.ts';
import type { VpsProvider } from '../../providers/vps/index.ts';
import type { ServicesService } from '../services/services.service.ts';
import type { VpsIsosService } from './vps-isos.service.ts';
import type { FollowServer } from '../server-watch/follow-server.ts';

export type VpsPowerAction = 'start' | 'powerOff' | 'restart';

interface VpsServer {
  service: ServiceRow;
  /** The VPS's id on the platform. */
  vpsId: number;
  /** Its billing context, read with the row. */
  billing: ServiceListItem;
}

/**
 * The first-generation VPS page's server calls (servers spec §4, §7). Every call first asks the
 * services module for the caller's VPS (404 for another owner's or another kind of service, 403
 * outside a sub-account's whitelist); every change also needs the service to be active.
 */
export class VpsService {
  constructor(
    private readonly provider: VpsProvider,
    private readonly services: ServicesService,
    private readonly isos: VpsIsosService,
    private readonly follow: FollowServer,
  ) {}

  async detail(auth: AuthContext, id: number): Promise<VpsDetailResponse> {
    const { vpsId, billing } = await this.server(auth, id);
    return { vps: await this.provider.getVps(vpsId), billing };
  }

  async changeHostname(auth: AuthContext, id: number, hostname: string): Promise<void> {
    const { vpsId } = await this.manageable(auth, id);
    await this.provider.changeHostname(vpsId, hostname);
  }

  async power(auth: AuthContext, id: number, action: VpsPowerAction): Promise<void> {
    const { service, vpsId } = await this.manageable(auth, id);
    await this.provider[action](vpsId);
    const expect = action === 'powerOff' ? 'off' : 'on';
    await this.follow(auth, { serviceId: service.id, upstreamId: String(vpsId), kind: 'power', expect });
  }

  async stats(auth: AuthContext, id: number, month: string): Promise<VpsStats> {
    const { vpsId } = await this.server(auth, id);
    return this.provider.getStats(vpsId, month);
  }

  async templates(auth: AuthContext, id: number): Promise<VpsTemplate[]> {
    const { vpsId } = await this.server(auth, id);
    return this.provider.listTemplates(vpsId);
  }

  /**
   * Only the account's own downloaded ISOs go in a drive (all customers' ISOs share one platform
   * user); what is inserted already may stay, so a form sent back unchanged is accepted.
   */
  async insertIsos(auth: AuthContext, id: number, drives: VpsInsertIsosBody): Promise<void> {
    const { service, vpsId } = await this.manageable(auth, id);
    const [allowed, current] = await Promise.all([
      this.isos.insertableNames(service.userId),
      this.provider.getVps(vpsId),
    ]);
    for (const field of ['iso', 'sec_iso'] as const) {
      const name = drives[field];
      if (name !== '' && name !== current[field] && !allowed.has(name)) {
        throw AppError.invalid(field, VpsText.isoNotOwned);
      }
    }
    await this.provider.insertIsos(vpsId, service.userId, drives);
  }

  async setBootOrder(auth: AuthContext, id: number, order: VpsBootOrder): Promise<void> {
    const { vpsId } = await this.manageable(auth, id);
    await this.provider.setBootOrder(vpsId, order);
  }

  async reinstall(auth: AuthContext, id: number, request: VpsRebuildBody): Promise<void> {
    const { service, vpsId } = await this.manageable(auth, id);
    await this.provider.reinstall(vpsId, { osid: request.osid, password: request.password });
    await this.follow(auth, { serviceId: service.id, upstreamId: String(vpsId), kind: 'rebuild' });
  }

  async resetPassword(auth: AuthContext, id: number): Promise<{ password: string }> {
    const { vpsId } = await this.manageable(auth, id);
    return this.provider.resetPassword(vpsId);
  }

  /** The console controls the machine, so it is an action: refused for a suspended service. */
  async vnc(auth: AuthContext, id: number): Promise<VpsVnc> {
    const { vpsId } = await this.manageable(auth, id);
    return this.provider.getVnc(vpsId);
  }

  private async server(auth: AuthContext, id: number): Promise<VpsServer> {
    const { service, upstreamId, billing } = await this.services.requireServer(auth, id, 'virtualizor');
    const vpsId = Number(upstreamId);
    if (!Number.isSafeInteger(vpsId)) throw AppError.notFound('This server was not found.');
    return { service, vpsId, billing };
  }

  private async manageable(auth: AuthContext, id: number): Promise<VpsServer> {
    const server = await this.server(auth, id);
    this.services.assertManageable(server.service);
    return server;
  }
}
