import { type Vps2UserTemplate, Vps2Text } from '@rackdesk/contract';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { type AuthContext, isWhitelisted } from '../../http/policy.ts';
import type { Vps2Provider } from '../../providers/proxmox/index.ts';
import type { FollowServer } from '../server-watch/follow-server.ts';
import { assertUnlocked, type Vps2Servers } from './vps2-servers.ts';
import { Vps2UserTemplatesRepository } from './vps2-user-templates.repository.ts';

const NOT_FOUND = 'This template was not found.';

/**
 * User templates (servers spec §2 Templates tab, §3, §4): full copies of a customer's server that
 * the account's servers can be reinstalled from. The platform keeps them per owner; the panel
 * records the server each was made from, and a sub-account with a whitelist sees, installs and
 * deletes only templates of its whitelisted servers, since a template holds that server's data.
 * Callers without a VPS v2 they may use have no templates (API.md: account-level lists follow
 * the whitelist).
 */
export class Vps2UserTemplatesService {
  private readonly origins: Vps2UserTemplatesRepository;

  constructor(
    database: Database,
    private readonly provider: Vps2Provider,
    private readonly servers: Vps2Servers,
    private readonly follow: FollowServer,
  ) {
    this.origins = new Vps2UserTemplatesRepository(database.db);
  }

  async list(auth: AuthContext): Promise<Vps2UserTemplate[]> {
    if ((await this.servers.usableVmStatuses(auth)).length === 0) return [];
    const [templates, usable] = await Promise.all([
      this.provider.listUserTemplates(auth.account.id),
      this.usableFilter(auth),
    ]);
    return templates.filter((t) => usable(t.id));
  }

  /**
   * Which of the owner's templates (by id) this caller may use: all of them for owners and
   * sub-accounts without a whitelist; otherwise those made from a whitelisted server.
   */
  async usableFilter(auth: AuthContext): Promise<(templateId: number) => boolean> {
    if (!auth.isSubAccount || auth.login.serviceWhitelist == null) return () => true;
    const origins = await this.origins.listByOwner(auth.account.id);
    const usable = new Set(
      origins
        .filter((o) => o.sourceServiceId !== null && isWhitelisted(auth, o.sourceServiceId))
        .map((o) => o.upstreamTemplateId),
    );
    return (templateId) => usable.has(templateId);
  }

  async create(auth: AuthContext, serviceId: number, customName: string): Promise<Vps2UserTemplate> {
    const { service, vmid } = await this.servers.manageable(auth, serviceId);
    assertUnlocked(await this.provider.getServer(vmid));
    const template = await this.provider.createUserTemplate(vmid, auth.account.id, customName);
    await this.origins.record({
      userId: auth.account.id,
      upstreamTemplateId: template.id,
      sourceServiceId: service.id,
      createdBy: auth.login.id,
      customName,
    });
    // The copy is a VM of its own, locked while it is made: following it tells the page when the
    // template is done (or failed).
    await this.follow(auth, { serviceId: service.id, upstreamId: String(template.id), kind: 'template' });
    return template;
  }

  /** Reinstalls a server from a finished template; answers the new root password, shown once. */
  async install(auth: AuthContext, serviceId: number, templateId: number): Promise<{ new_password: string }> {
    const { service, vmid } = await this.servers.manageable(auth, serviceId);
    const template = await this.requireUsable(auth, templateId);
    if (template.status !== 'completed') throw new AppError(409, Vps2Text.templateNotReady);
    const answer = await this.provider.installUserTemplate(vmid, auth.account.id, templateId);
    await this.follow(auth, { serviceId: service.id, upstreamId: String(vmid), kind: 'rebuild' });
    return answer;
  }

  async delete(auth: AuthContext, templateId: number): Promise<void> {
    if ((await this.servers.usableVmStatuses(auth)).length === 0) throw AppError.notFound(NOT_FOUND);
    const template = await this.requireUsable(auth, templateId);
    if (template.status === 'pending') throw new AppError(409, Vps2Text.templateStillPending);
    await this.provider.deleteUserTemplate(auth.account.id, templateId);
    await this.origins.deleteByUpstreamId(auth.account.id, templateId);
  }

  private async requireUsable(auth: AuthContext, templateId: number): Promise<Vps2UserTemplate> {
    const [templates, usable] = await Promise.all([
      this.provider.listUserTemplates(auth.account.id),
      this.usableFilter(auth),
    ]);
    const template = templates.find((t) => t.id === templateId);
    if (!template || !usable(templateId)) throw AppError.notFound(NOT_FOUND);
    return template;
  }
}
