import {
  ErrorCode,
  type ServiceStatus,
  serviceTypeOf,
  VPS_ISO_LIMIT,
  type VpsIso,
  VpsText,
} from '@rackdesk/contract';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { AuthContext } from '../../http/policy.ts';
import { assertOutboundUrl, type OutboundUrlOptions } from '../../lib/outbound-url.ts';
import type { VpsProvider } from '../../providers/vps/index.ts';
import type { ServicesService } from '../services/services.service.ts';
import { VpsIsosRepository } from './vps-isos.repository.ts';

/** A first-generation VPS the caller can still use ISOs with (a suspended one can be restored). */
const usableStatuses: readonly ServiceStatus[] = ['Active', 'Suspended'];

const NO_VPS = 'ISOs are available only with a first-generation VPS you can manage.';

/**
 * The customer's ISO library of the first-generation VPS (servers spec §7: `services/vps/iso`).
 * The platform keeps every customer's ISOs under one API user, so ownership lives here: a
 * customer sees, inserts and deletes only the ISOs recorded for the account.
 *
 * Sub-accounts (API.md: account-level lists follow the whitelist): the list and adding need at
 * least one first-generation VPS inside the whitelist. Deleting follows the rule of both VPS
 * generations: an ISO in a CD drive of any of the account's servers is not deleted (the platform
 * would eject it, and the server may lie outside the caller's whitelist); any other complete ISO
 * may be deleted by whoever sees the library, since no server depends on it.
 */
export class VpsIsosService {
  private readonly isos: VpsIsosRepository;

  constructor(
    database: Database,
    private readonly provider: VpsProvider,
    private readonly services: ServicesService,
    private readonly urlCheck: OutboundUrlOptions = {},
  ) {
    this.isos = new VpsIsosRepository(database.db);
  }

  async list(auth: AuthContext): Promise<VpsIso[]> {
    if ((await this.usableVpsStatuses(auth)).length === 0) return [];
    return this.owned(auth.account.id);
  }

  async add(auth: AuthContext, url: string): Promise<VpsIso> {
    const statuses = await this.usableVpsStatuses(auth);
    if (!statuses.includes('Active')) {
      throw AppError.forbidden(NO_VPS, ErrorCode.serviceAccessDenied);
    }
    const href = await assertOutboundUrl(url, 'url', this.urlCheck);
    if ((await this.isos.countByOwner(auth.account.id)) >= VPS_ISO_LIMIT) {
      throw new AppError(409, VpsText.isoLimitReached, { error: 'iso_limit_reached' });
    }
    const iso = await this.provider.addIso(auth.account.id, href);
    await this.isos.create({
      userId: auth.account.id,
      addedBy: auth.login.id,
      upstreamIsoId: iso.id,
      uuid: iso.uuid,
      name: iso.name,
      url: href,
    });
    return iso;
  }

  async remove(auth: AuthContext, isoId: number): Promise<void> {
    if ((await this.usableVpsStatuses(auth)).length === 0) throw AppError.notFound('The ISO was not found.');
    const row = await this.isos.findByUpstreamId(auth.account.id, isoId);
    if (!row) throw AppError.notFound('The ISO was not found.');
    const upstream = (await this.provider.listIsos()).find((iso) => iso.uuid === row.uuid);
    if (upstream?.upload_status === 'queued') {
      throw new AppError(409, VpsText.isoStillDownloading, { error: 'iso_downloading' });
    }
    if (upstream && (await this.isInserted(auth.account.id, upstream.name))) {
      throw new AppError(409, VpsText.isoInUse, { error: 'iso_in_use' });
    }
    if (upstream) {
      try {
        await this.provider.deleteIso(upstream.id);
      } catch (error) {
        // Gone on the platform in the meantime: what the customer asked for is done.
        if (!(error instanceof AppError && error.statusCode === 404)) throw error;
      }
    }
    await this.isos.deleteById(row.id);
  }

  /** Whether an ISO (by its listed name) is in a CD drive of any of the account's VPSs. */
  private async isInserted(accountId: number, name: string): Promise<boolean> {
    const vpsIds = await this.services.upstreamIdsOfAccount(accountId, 'virtualizor');
    const drives = await Promise.all(
      vpsIds.map(async (upstreamId) => {
        try {
          const vps = await this.provider.getVps(Number(upstreamId));
          return [vps.iso, vps.sec_iso];
        } catch (error) {
          // A server the platform no longer has holds no ISO.
          if (error instanceof AppError && error.statusCode === 404) return [];
          throw error;
        }
      }),
    );
    return drives.flat().includes(name);
  }

  /** File names of the account's downloaded ISOs: what its VPSs may have inserted. */
  async insertableNames(accountId: number): Promise<Set<string>> {
    const owned = await this.owned(accountId);
    return new Set(owned.filter((iso) => iso.upload_status === 'complete').map((iso) => iso.name));
  }

  /** The platform's ISOs that are recorded for the account, as the platform reports them now. */
  private async owned(accountId: number): Promise<VpsIso[]> {
    const [rows, upstream] = await Promise.all([this.isos.listByOwner(accountId), this.provider.listIsos()]);
    const uuids = new Set(rows.map((row) => row.uuid));
    return upstream.filter((iso) => uuids.has(iso.uuid));
  }

  /** Statuses of the first-generation VPS services the caller may manage (whitelist applied). */
  private async usableVpsStatuses(auth: AuthContext): Promise<ServiceStatus[]> {
    const { products } = await this.services.list(auth);
    return products.product
      .filter(
        (service) => serviceTypeOf(service.groupname) === 'vps' && usableStatuses.includes(service.status),
      )
      .map((service) => service.status);
  }
}
