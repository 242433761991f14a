import { ErrorCode, VPS2_ISO_LIMIT, type Vps2Iso, Vps2Text } from '@rackdesk/contract';
import { AppError } from '../../http/errors.ts';
import type { AuthContext } from '../../http/policy.ts';
import { assertOutboundUrl, type OutboundUrlOptions } from '../../lib/outbound-url.ts';
import type { Vps2Provider } from '../../providers/proxmox/index.ts';
import type { Vps2Servers } from './vps2-servers.ts';

const NOT_FOUND = 'The ISO was not found.';

/**
 * The customer's ISO library of VPS v2 (servers spec §7 `services/vps/v2/iso`). The platform
 * names every ISO after its owner, so a customer only ever sees and uses their own. As with the
 * first generation, callers need a VPS v2 they may use (a whitelisted one for sub-accounts) to see
 * the library, and an active one to add to it. An ISO in a CD drive of any of the account's
 * servers is not deleted: the server would no longer start, and for a sub-account that server
 * may be outside its whitelist.
 */
export class Vps2IsosService {
  constructor(
    private readonly provider: Vps2Provider,
    private readonly servers: Vps2Servers,
    private readonly urlCheck: OutboundUrlOptions = {},
  ) {}

  async list(auth: AuthContext): Promise<Vps2Iso[]> {
    if ((await this.servers.usableVmStatuses(auth)).length === 0) return [];
    return this.provider.listIsos(auth.account.id);
  }

  async add(auth: AuthContext, url: string): Promise<Vps2Iso> {
    if (!(await this.servers.usableVmStatuses(auth)).includes('Active')) {
      throw AppError.forbidden(Vps2Text.noServerForIsos, ErrorCode.serviceAccessDenied);
    }
    const href = await assertOutboundUrl(url, 'url', this.urlCheck);
    if ((await this.provider.listIsos(auth.account.id)).length >= VPS2_ISO_LIMIT) {
      throw new AppError(409, Vps2Text.isoLimitReached, { error: 'iso_limit_reached' });
    }
    return this.provider.addIso(auth.account.id, href);
  }

  async remove(auth: AuthContext, isoId: string): Promise<void> {
    if ((await this.servers.usableVmStatuses(auth)).length === 0) throw AppError.notFound(NOT_FOUND);
    const iso = (await this.provider.listIsos(auth.account.id)).find((i) => i.id === isoId);
    if (!iso) throw AppError.notFound(NOT_FOUND);
    if (iso.upload_status === 'queued') {
      throw new AppError(409, Vps2Text.isoStillDownloading, { error: 'iso_downloading' });
    }
    if (await this.isInserted(auth.account.id, iso.id)) {
      throw new AppError(409, Vps2Text.isoInUse, { error: 'iso_in_use' });
    }
    await this.provider.deleteIso(auth.account.id, iso.id);
  }

  private async isInserted(accountId: number, isoId: string): Promise<boolean> {
    const { vms } = await this.servers.ofAccount(accountId);
    const drives = await Promise.all(
      vms.map(async ({ vmid }) => {
        try {
          const { config } = await this.provider.getServer(vmid);
          return [config.ide0, config.ide2];
        } catch (error) {
          // A server the platform no longer has holds no ISO.
          if (error instanceof AppError && error.statusCode === 404) return [];
          throw error;
        }
      }),
    );
    return drives.flat().includes(isoId);
  }
}
