import {
  monthlyPriceCents,
  parsePlanSpec,
  prorateUpgrade,
  upgradeOptions,
  upgradePlanOf,
  Vps2Text,
} from '@rackdesk/contract';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { AuthContext } from '../../http/policy.ts';
import { todayUtc } from '../../lib/dates.ts';
import type { Vps2Provider } from '../../providers/proxmox/index.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { FollowServer } from '../server-watch/follow-server.ts';
import { assertUnlocked, type Vps2Servers } from './vps2-servers.ts';
import { Vps2UpgradeRepository } from './vps2-upgrade.repository.ts';

/**
 * Upgrades a VPS v2 to a larger plan of its family (servers spec §4 "Upgrade"): one transaction
 * locks the service, bills the prorated price difference on an upgrade invoice, moves the service
 * to the new plan, and resizes the server (which reboots it). If the platform refuses the resize,
 * nothing of it is kept: no invoice, no plan change. The lock makes a request sent twice find the
 * plan already changed, so it is refused instead of billed again.
 */
export class Vps2UpgradeCommand {
  constructor(
    private readonly database: Database,
    private readonly provider: Vps2Provider,
    private readonly servers: Vps2Servers,
    private readonly catalog: CatalogService,
    private readonly follow: FollowServer,
  ) {}

  async run(auth: AuthContext, serviceId: number, pid: number): Promise<{ invoiceId: number }> {
    const { service, vmid } = await this.servers.manageable(auth, serviceId);
    const current = await this.catalog.product(service.productId);
    const currentPrice = current && monthlyPriceCents(current);
    if (!current || !upgradePlanOf(current.name) || currentPrice == null) {
      throw new AppError(409, Vps2Text.upgradeNotAvailable, { error: 'upgrade_not_available' });
    }
    const target = upgradeOptions(current, await this.catalog.groupProducts(current.gid)).find(
      (product) => product.pid === pid,
    );
    if (!target) throw AppError.invalid('pid', Vps2Text.upgradeOptionUnavailable);
    const spec = parsePlanSpec(target.description)!;
    const targetPrice = monthlyPriceCents(target)!;
    const vm = await this.provider.getServer(vmid);
    assertUnlocked(vm);

    const invoiceId = await this.database.db.transaction(async (tx) => {
      const upgrades = new Vps2UpgradeRepository(tx);
      const locked = await upgrades.lockService(service.id);
      if (!locked || locked.status !== 'Active' || locked.productId !== current.pid) {
        throw new AppError(409, 'This service has just changed. Please reload the page and try again.', {
          error: 'service_changed',
        });
      }
      const today = todayUtc();
      const charge = prorateUpgrade({
        currentMonthlyCents: currentPrice,
        targetMonthlyCents: targetPrice,
        billingCycle: locked.billingCycle,
        nextDueDate: locked.nextDueDate,
        today,
      });
      if (!charge) throw new AppError(409, Vps2Text.upgradeNotAvailable, { error: 'upgrade_not_available' });
      const id = await upgrades.createInvoice({
        userId: locked.userId,
        date: today,
        amountCents: charge.amountCents,
        paymentMethod: auth.account.defaultGateway,
        line: {
          serviceId: locked.id,
          description: `Upgrade: ${current.name} => ${target.name} - ${locked.domain} (${today} - ${charge.periodEnd})`,
        },
      });
      await upgrades.changePlan(
        locked.id,
        target.pid,
        locked.recurringAmountCents + charge.recurringDeltaCents,
      );
      // Last, so that a refusal rolls back all of the above.
      await this.provider.resize(vmid, spec);
      return id;
    });

    if (vm.status === 'running') {
      await this.follow(auth, {
        serviceId: service.id,
        upstreamId: String(vmid),
        kind: 'power',
        expect: 'on',
      });
    }
    return { invoiceId };
  }
}
