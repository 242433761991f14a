import type { ServiceListItem } from '@rackdesk/contract';
import { centsToAmount } from '../../lib/dates.ts';
import type { ServiceRow } from '../../db/schema/index.ts';
import type { listedServiceColumns, ServiceWithBilling } from './services.repository.ts';

/** A row of the service list, or a whole service with its billing context. */
type ListedService = Omit<ServiceWithBilling, 'service'> & {
  service: Pick<ServiceRow, keyof typeof listedServiceColumns>;
};

/** A database row to the billing system's `products.product[]` item. */
export function toServiceListItem(row: ListedService): ServiceListItem {
  const { service, cancellation } = row;
  return {
    id: service.id,
    pid: service.productId,
    name: row.productName,
    groupname: row.groupName,
    domain: service.domain,
    dedicatedip: service.dedicatedIp,
    assignedips: service.assignedIps,
    regdate: service.regDate,
    firstpaymentamount: centsToAmount(service.firstPaymentCents),
    recurringamount: centsToAmount(service.recurringAmountCents),
    billingcycle: service.billingCycle,
    nextduedate: service.nextDueDate ?? '0000-00-00',
    status: service.status,
    suspensionreason: service.suspensionReason,
    invoice_id: row.invoiceId,
    cancellation:
      cancellation?.id != null && cancellation.type && cancellation.createdAt
        ? {
            id: cancellation.id,
            type: cancellation.type,
            reason: cancellation.reason ?? '',
            date: cancellation.createdAt.toISOString().slice(0, 10),
          }
        : null,
    configoptions: { configoption: service.configOptions },
    customfields: { customfield: service.customFields },
  };
}
