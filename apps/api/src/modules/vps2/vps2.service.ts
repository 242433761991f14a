import {
  VPS2_CUSTOM_OSID_PREFIX,
  parsePlanSpec,
  type ServiceListItem,
  type Vps2BootOrder,
  type Vps2DetailResponse,
  type Vps2InsertIso,
  type Vps2OsTemplate,
  type Vps2RebuildRequest,
  type Vps2StatSample,
  type Vps2StatsRange,
  Vps2Text,
  type Vps2Vnc,
} from '@rackdesk/contract';
import { AppError } from '../../http/errors.ts';
import type { AuthContext } from '../../http/policy.ts';
import type { Vps2Provider } from '../../providers/proxmox/index.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { ServicesService } from '../services/services.service.ts';
import type { SshKeysService } from '../ssh-keys/ssh-keys.service.ts';
import type { Vps2UserTemplatesService } from './vps2-user-templates.service.ts';
import type { FollowServer } from '../server-watch/follow-server.ts';
import { assertUnlocked, type Vps2Servers } from './vps2-servers.ts';

export type Vps2PowerAction = 'start' | 'powerOff' | 'restart';

const TB_IN_GB = 1000;

/**
 * The VPS v2 page's server calls (servers spec §4, §7 "VPS v2"): reads for any caller who may see
 * the service; changes only on an active service, and power changes only when the server is not
 * busy with another operation.
 */
export class Vps2Service {
  constructor(
    private readonly provider: Vps2Provider,
    private readonly servers: Vps2Servers,
    private readonly services: ServicesService,
    private readonly catalog: CatalogService,
    private readonly userTemplates: Vps2UserTemplatesService,
    private readonly follow: FollowServer,
    private readonly accountSshKeys: SshKeysService,
  ) {}

  async detail(auth: AuthContext, id: number): Promise<Vps2DetailResponse> {
    const { vmid, billing } = await this.servers.find(auth, id);
    const vps = await this.provider.getServer(vmid, {
      bandwidthLimitGb: await this.bandwidthLimitGb(billing),
    });
    return { vps, billing };
  }

  async changeHostname(auth: AuthContext, id: number, hostname: string): Promise<void> {
    const { vmid } = await this.servers.manageable(auth, id);
    await this.provider.setHostname(vmid, hostname);
  }

  /**
   * Start and power off are idempotent (two tabs may both press the switch); a reboot needs a
   * running server. While an earlier power change still runs, the answer is a 409: the status it
   * shows is about to change, so neither "nothing to do" nor queuing behind it would be honest.
   * Open pages follow the power state until it settles.
   */
  async power(auth: AuthContext, id: number, action: Vps2PowerAction): Promise<void> {
    const { service, vmid } = await this.servers.manageable(auth, id);
    const vm = await this.provider.getServer(vmid);
    assertUnlocked(vm);
    await this.provider.assertPowerIdle(vmid);
    const running = vm.status === 'running';
    if (action === 'restart' && !running)
      throw new AppError(409, Vps2Text.serverNotRunning, { error: 'server_stopped' });
    if ((action === 'start' && running) || (action === 'powerOff' && !running)) return;
    await this.provider[action](vmid);
    await this.follow(auth, {
      serviceId: service.id,
      upstreamId: String(vmid),
      kind: 'power',
      expect: action === 'powerOff' ? 'off' : 'on',
    });
  }

  async insertIso(auth: AuthContext, id: number, selection: Vps2InsertIso): Promise<void> {
    const { vmid } = await this.servers.manageable(auth, id);
    await this.provider.insertIso(vmid, auth.account.id, selection);
  }

  async setBootOrder(auth: AuthContext, id: number, order: Vps2BootOrder): Promise<void> {
    const { vmid } = await this.servers.manageable(auth, id);
    await this.provider.setBootOrder(vmid, order);
  }

  async stats(auth: AuthContext, id: number, range: Vps2StatsRange): Promise<Vps2StatSample[]> {
    const { vmid } = await this.servers.find(auth, id);
    return this.provider.getStats(vmid, range);
  }

  /** Standard templates, and the user templates this caller may use (servers spec §3). */
  async templates(auth: AuthContext, id: number): Promise<Vps2OsTemplate[]> {
    await this.servers.find(auth, id);
    return this.usableTemplates(auth);
  }

  async rebuild(auth: AuthContext, id: number, request: Vps2RebuildRequest): Promise<void> {
    const { service, vmid } = await this.servers.manageable(auth, id);
    const osid = effectiveOsid(request);
    const template = (await this.usableTemplates(auth)).find((t) => t.osid === osid);
    if (!template) throw AppError.invalid('osid', 'This operating system is not available.');
    const sshKeys = await this.sshKeys(auth, template, request.sshKeyIds ?? []);
    await this.provider.reinstall(vmid, auth.account.id, {
      osid,
      password: request.password,
      ...(sshKeys.length > 0 ? { sshKeys } : {}),
    });
    await this.follow(auth, { serviceId: service.id, upstreamId: String(vmid), kind: 'rebuild' });
  }

  /** The console controls the machine, so it is an action: refused for a suspended service. */
  async vnc(auth: AuthContext, id: number): Promise<Vps2Vnc> {
    const { vmid } = await this.servers.manageable(auth, id);
    return this.provider.getVnc(vmid);
  }

  /**
   * Reset Root Password (servers spec §2 Configure): a new, generated password set through the
   * guest agent, so only on a running server that is not busy; answered once, never stored.
   */
  async resetRootPassword(auth: AuthContext, id: number): Promise<{ password: string }> {
    const { vmid } = await this.servers.manageable(auth, id);
    const vm = await this.provider.getServer(vmid);
    assertUnlocked(vm);
    if (vm.status !== 'running')
      throw new AppError(409, Vps2Text.startToResetPassword, { error: 'server_stopped' });
    return { password: await this.provider.resetRootPassword(vmid) };
  }

  private async usableTemplates(auth: AuthContext): Promise<Vps2OsTemplate[]> {
    const [templates, usable] = await Promise.all([
      this.provider.listOsTemplates(auth.account.id),
      this.userTemplates.usableFilter(auth),
    ]);
    return templates.filter((t) => t.type === 'standard' || usable(customTemplateId(t.osid) ?? 0));
  }

  /**
   * The public keys of the chosen SSH keys: ids of the account's keys (account spec §3), only for
   * a template that takes keys; an id the account does not have is refused, not silently dropped.
   */
  private async sshKeys(auth: AuthContext, template: Vps2OsTemplate, ids: number[]): Promise<string[]> {
    if (ids.length === 0) return [];
    if (!template.ssh_keys_allowed) throw AppError.invalid('sshKeyIds', Vps2Text.sshKeysNotAllowed);
    const keys = await this.accountSshKeys.publicKeys(auth, ids);
    if (!keys) throw AppError.invalid('sshKeyIds', Vps2Text.sshKeysUnknown);
    return keys;
  }

  /**
   * The plan's monthly transfer in GB (0 = unlimited): the service's Bandwidth option (TB,
   * servers spec §9), else what the product's description states.
   */
  private async bandwidthLimitGb(billing: ServiceListItem): Promise<number> {
    const option = billing.configoptions.configoption.find((o) => o.option === 'Bandwidth');
    const terabytes = option ? Number.parseFloat(option.value) : Number.NaN;
    if (Number.isFinite(terabytes) && terabytes >= 0) return terabytes * TB_IN_GB;
    const product = await this.catalog.product(billing.pid);
    return (product && parsePlanSpec(product.description)?.bandwidthGb) ?? 0;
  }
}

/** A custom template's osid carries the custom_ prefix; `custom` may say so for a bare id. */
export function effectiveOsid(request: Pick<Vps2RebuildRequest, 'osid' | 'custom'>): string {
  if (request.osid.startsWith(VPS2_CUSTOM_OSID_PREFIX) || !request.custom) return request.osid;
  return `${VPS2_CUSTOM_OSID_PREFIX}${request.osid}`;
}

/** The user template id of a custom_ osid. */
export function customTemplateId(osid: string): number | undefined {
  if (!osid.startsWith(VPS2_CUSTOM_OSID_PREFIX)) return undefined;
  const id = Number(osid.slice(VPS2_CUSTOM_OSID_PREFIX.length));
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}
