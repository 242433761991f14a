import {
  type DedicatedBandwidthRange,
  type DedicatedBandwidthResponse,
  type DedicatedBandwidthSummary,
  type DedicatedConsoleMode,
  type DedicatedConsoleResponse,
  type DedicatedDetailResponse,
  type DedicatedPowerAction,
  type DedicatedPowerStatus,
  type DedicatedRebuildKind,
  type DedicatedRebuildRequest,
  type DedicatedRebuildStatus,
  type DedicatedTemplatesResponse,
} from '@rackdesk/contract';
import { AppError } from '../../http/errors.ts';
import type { AuthContext } from '../../http/policy.ts';
import type { DedicatedProvider } from '../../providers/dedicated/index.ts';
import type { FollowServer } from '../server-watch/follow-server.ts';
import type { ServicesService } from '../services/services.service.ts';
import { checkConsole, checkPowerAction, checkRebuild } from './dedicated.rules.ts';

/**
 * The dedicated server page (servers spec §2, §4, §5, §7 "Dedicated"): every call finds the
 * caller's service (ownership, whitelist; another kind of service is a 404), changes require an
 * active service, and the rest is the Tenantos adapter.
 */
export class DedicatedService {
  constructor(
    private readonly services: ServicesService,
    private readonly provider: DedicatedProvider,
    private readonly follow: FollowServer,
  ) {}

  async getDetail(auth: AuthContext, id: number): Promise<DedicatedDetailResponse> {
    const { serverId, billing } = await this.#server(auth, id);
    return { billing, server: await this.provider.getServer(serverId) };
  }

  async setNickname(auth: AuthContext, id: number, nickname: string): Promise<string> {
    const { serverId } = await this.#manageableServer(auth, id);
    await this.provider.setNickname(serverId, nickname);
    return nickname;
  }

  async listTemplates(auth: AuthContext, id: number): Promise<DedicatedTemplatesResponse> {
    const { serverId } = await this.#server(auth, id);
    return { templates: await this.provider.listTemplates(serverId) };
  }

  /** A reinstall, or rescue mode when the template is a rescue or password-reset one. */
  async startRebuild(
    auth: AuthContext,
    id: number,
    input: DedicatedRebuildRequest,
  ): Promise<DedicatedRebuildKind> {
    const { service, serverId } = await this.#manageableServer(auth, id);
    const { kind, request } = checkRebuild(await this.provider.listTemplates(serverId), input);
    await this.provider.startRebuild(serverId, request);
    await this.follow(auth, {
      serviceId: service.id,
      upstreamId: String(serverId),
      kind: kind === 'rescue' ? 'rescue' : 'rebuild',
    });
    return kind;
  }

  async stopRebuild(auth: AuthContext, id: number): Promise<void> {
    const { serverId } = await this.#manageableServer(auth, id);
    await this.provider.stopRebuild(serverId);
  }

  async getRebuildStatus(auth: AuthContext, id: number): Promise<DedicatedRebuildStatus> {
    const { serverId } = await this.#server(auth, id);
    return this.provider.getRebuildStatus(serverId);
  }

  async getPowerStatus(auth: AuthContext, id: number): Promise<DedicatedPowerStatus> {
    const { serverId } = await this.#server(auth, id);
    return this.provider.getPowerStatus(serverId);
  }

  async runPowerAction(auth: AuthContext, id: number, action: DedicatedPowerAction): Promise<void> {
    const { service, serverId } = await this.#manageableServer(auth, id);
    checkPowerAction(await this.provider.getServer(serverId), action);
    await this.provider[action](serverId);
    // A BMC reset leaves the machine's power as it was: there is nothing to follow.
    if (action === 'resetBmc') return;
    const expect = action === 'powerOff' ? 'off' : 'on';
    await this.follow(auth, { serviceId: service.id, upstreamId: String(serverId), kind: 'power', expect });
  }

  async startConsole(
    auth: AuthContext,
    id: number,
    mode: DedicatedConsoleMode,
  ): Promise<DedicatedConsoleResponse> {
    const { serverId } = await this.#manageableServer(auth, id);
    checkConsole(await this.provider.getServer(serverId));
    return this.provider.startConsole(serverId, mode);
  }

  async getBandwidth(
    auth: AuthContext,
    id: number,
    range: DedicatedBandwidthRange,
  ): Promise<DedicatedBandwidthResponse> {
    const { serverId } = await this.#server(auth, id);
    return { stats: await this.provider.getBandwidth(serverId, range) };
  }

  async getBandwidthSummary(auth: AuthContext, id: number): Promise<DedicatedBandwidthSummary> {
    const { serverId } = await this.#server(auth, id);
    return this.provider.getBandwidthSummary(serverId);
  }

  async #server(auth: AuthContext, id: number) {
    const { service, upstreamId, billing } = await this.services.requireServer(auth, id, 'tenantos');
    const serverId = Number(upstreamId);
    // A reference the adapter could not use is a server we cannot show: the page falls back.
    if (!Number.isSafeInteger(serverId) || serverId <= 0)
      throw AppError.notFound('This server was not found.');
    return { service, serverId, billing };
  }

  /** Changes (power, console, rebuild, nickname) are refused unless the service is active. */
  async #manageableServer(auth: AuthContext, id: number) {
    const server = await this.#server(auth, id);
    this.services.assertManageable(server.service);
    return server;
  }
}
