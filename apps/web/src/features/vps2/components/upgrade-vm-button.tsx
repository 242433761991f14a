import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ServiceListItem } from '@rackdesk/contract';
import { IconArrowBigUpLines } from '@tabler/icons-react';
import { usePermission } from '../../../lib/permissions.tsx';
import { isUpgradable } from '../utils/upgrade-quote.ts';
import { UpgradeVmModal } from './upgrade-vm-modal.tsx';

export interface UpgradeVmButtonProps {
  serviceId: number;
  billing: ServiceListItem;
  /** Locked or not active: no upgrade is offered. */
  actionsDisabled: boolean;
}

/**
 * Upgrade VM (servers spec §2 Configure tab, §4 "Upgrade"): shown only for an Active DW-{n}G or
 * DW-CPU-{n}G plan, and to sub-accounts only with the order permission (an upgrade is an order).
 */
export function UpgradeVmButton({ serviceId, billing, actionsDisabled }: UpgradeVmButtonProps) {
  const [opened, modal] = useDisclosure(false);
  const mayOrder = usePermission('order');
  if (!mayOrder || !isUpgradable(billing)) return null;
  return (
    <>
      <Button
        variant="light"
        leftSection={<IconArrowBigUpLines size={18} aria-hidden />}
        onClick={modal.open}
        disabled={actionsDisabled}
      >
        Upgrade VM
      </Button>
      <UpgradeVmModal serviceId={serviceId} billing={billing} opened={opened} onClose={modal.close} />
    </>
  );
}
