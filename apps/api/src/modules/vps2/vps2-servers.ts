import { type ServiceStatus, type ServiceListItem, serviceTypeOf, type Vps2Detail } from '@rackdesk/contract';
import type { Database } from '../../db/client.ts';
import type { ServiceRow } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { type AuthContext, isWhitelisted } from '../../http/policy.ts';
import type { ServicesService } from '../services/services.service.ts';
import { ProxmoxServicesRepository, type ProxmoxServiceRef } from './vps2.repository.ts';

/** One of the caller's VPS v2 servers: its service and its Proxmox vmid. */
export interface Vps2Server {
  service: ServiceRow;
  vmid: number;
  /** Its billing context, read with the row. */
  billing: ServiceListItem;
}

/** The account's Proxmox services, by kind: VMs carry a vmid, storage blocks a volume id. */
export interface AccountProxmoxServices {
  vms: (ProxmoxServiceRef & { vmid: number })[];
  disks: ProxmoxServiceRef[];
}

/** A service the customer can still work with: shown in lists, changed only when Active. */
export const usableStatuses: readonly ServiceStatus[] = ['Active', 'Suspended'];

const NOT_FOUND = 'This server was not found.';

/** A Proxmox vmid is a whole number; storage blocks have volume ids ('block-nyc:vm-9001-block-1'). */
export function vmidOf(upstreamId: string): number | undefined {
  if (!/^[1-9]\d{0,9}$/.test(upstreamId)) return undefined;
  const vmid = Number(upstreamId);
  return Number.isSafeInteger(vmid) ? vmid : undefined;
}

/**
 * Finds the caller's VPS v2 servers for the VPS v2 and storage modules: ownership and whitelist
 * by the services module (another owner's is a 404, outside a whitelist a 403), another kind of
 * service a 404, and changes only on an active service.
 */
export class Vps2Servers {
  private readonly proxmoxServices: ProxmoxServicesRepository;

  constructor(
    database: Database,
    private readonly services: ServicesService,
  ) {
    this.proxmoxServices = new ProxmoxServicesRepository(database.db);
  }

  async find(auth: AuthContext, id: number): Promise<Vps2Server> {
    const { service, upstreamId, billing } = await this.services.requireServer(auth, id, 'proxmox');
    const vmid = vmidOf(upstreamId);
    if (vmid === undefined) throw AppError.notFound(NOT_FOUND);
    return { service, vmid, billing };
  }

  /** A server the caller may change: its service must be active (servers spec §4). */
  async manageable(auth: AuthContext, id: number): Promise<Vps2Server> {
    const server = await this.find(auth, id);
    this.services.assertManageable(server.service);
    return server;
  }

  /** Every VPS v2 and storage block of an account, whatever the caller's whitelist. */
  async ofAccount(accountId: number): Promise<AccountProxmoxServices> {
    const rows = await this.proxmoxServices.listByOwner(accountId);
    const vms: AccountProxmoxServices['vms'] = [];
    const disks: ProxmoxServiceRef[] = [];
    for (const row of rows) {
      const type = serviceTypeOf(row.groupName);
      const vmid = vmidOf(row.upstreamId);
      if (type === 'proxmox' && vmid !== undefined) vms.push({ ...row, vmid });
      else if (type === 'storage' && vmid === undefined) disks.push(row);
    }
    return { vms, disks };
  }

  /** Every active VPS v2 of every account (the backup schedule job). */
  async allActive(): Promise<(ProxmoxServiceRef & { vmid: number })[]> {
    return (await this.proxmoxServices.listActive()).flatMap((row) => {
      const vmid = vmidOf(row.upstreamId);
      return serviceTypeOf(row.groupName) === 'proxmox' && vmid !== undefined ? [{ ...row, vmid }] : [];
    });
  }

  /**
   * The statuses of the VPS v2 services the caller may use (whitelist applied): account-level
   * lists (ISOs, user templates) are for callers with at least one (API.md).
   */
  async usableVmStatuses(auth: AuthContext): Promise<ServiceStatus[]> {
    const { vms } = await this.ofAccount(auth.account.id);
    return vms
      .filter((vm) => isWhitelisted(auth, vm.id) && usableStatuses.includes(vm.status))
      .map((vm) => vm.status);
  }
}

/** Refuses a change while the platform runs an operation on the server (backup, reinstall…). */
export function assertUnlocked(vm: Vps2Detail): void {
  if (vm.locked) {
    throw new AppError(
      409,
      vm.locked_message ||
        'The server is busy with another operation. Please try again when it has finished.',
      { error: 'server_locked' },
    );
  }
}
