import { Button, Modal, Select, Stack, Text, Title } from '@mantine/core';
import { OrderText, type Product } from '@rackdesk/contract';
import { useState } from 'react';
import { SectionCard } from '../../../components/section-card.tsx';
import type { OrderDraft } from '../hooks/use-order-draft.ts';
import { useStorageVpsChoices, useStorageVpsStatus } from '../hooks/use-storage-vps.ts';
import { chooseCycle, choiceOf, withChoice } from '../utils/order-summary.ts';
import { BillingCycleSelect } from './billing-cycle-select.tsx';
import { OptionSelect } from './option-select.tsx';
import { useOrderSlots } from './order-slots.tsx';

interface StorageConfigureProps {
  product: Product;
  draft: OrderDraft;
  loggedIn: boolean;
  showErrors: boolean;
}

/**
 * The storage block's configure page (portal spec §2, §5): 'Block Configuration' with the cycle and
 * the option selects, and the VPS it attaches to, chosen among the user's active VPS v2 of the
 * block's region and checked with the platform (not locked). A guest signs in here to see theirs.
 */
export function StorageConfigure({ product, draft, loggedIn, showErrors }: StorageConfigureProps) {
  const { selection, update, summary } = draft;
  const { AuthPanel } = useOrderSlots();
  const [signingIn, setSigningIn] = useState(false);
  const { choices: vpsChoices, region, services } = useStorageVpsChoices(product.pid, loggedIn);
  const status = useStorageVpsStatus(selection.storageVpsId);
  if (!summary) return null;
  const { cycle, choices } = summary;
  const selects = product.configoptions.configoption.filter(
    (option) => !option.hidden && option.type === '1',
  );

  const vpsError =
    status.error ??
    (services.isError ? 'Your VPS could not be loaded. Please try again later.' : null) ??
    (showErrors && selection.storageVpsId === null ? OrderText.vpsRequired : null);

  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={1} size="h2">
          Configure your storage block
        </Title>
        <Text c="dimmed">{product.name}</Text>
      </Stack>
      <SectionCard title="Block Configuration">
        <BillingCycleSelect product={product} value={cycle} onChange={(next) => update(chooseCycle(next))} />
        {selects.map((option) => (
          <OptionSelect
            key={option.id}
            option={option}
            value={choiceOf(choices, option)}
            cycle={cycle}
            onChange={(choiceId) =>
              update({ configoptions: withChoice(selection.configoptions, option.id, choiceId) })
            }
          />
        ))}
        {loggedIn ? (
          <Select
            label="Select VPS to attach to"
            description={`Your active VPS in ${region || 'this location'}.${status.pending ? ' Checking its status…' : ''}`}
            placeholder={
              services.isPending
                ? 'Loading your VPS…'
                : vpsChoices.length === 0
                  ? 'No VPS in this location'
                  : 'Choose a VPS'
            }
            data={vpsChoices}
            value={selection.storageVpsId === null ? null : String(selection.storageVpsId)}
            onChange={(id) => update({ storageVpsId: id === null ? null : Number(id) })}
            error={vpsError}
            required
            disabled={services.isPending}
            comboboxProps={{ withinPortal: true }}
          />
        ) : (
          <Stack gap="xs" align="flex-start">
            <Text size="sm" fw={500}>
              Select VPS to attach to
            </Text>
            <Text size="sm" c={showErrors ? 'red.9' : 'dimmed'}>
              {showErrors ? `${OrderText.vpsRequired}. ` : ''}Sign in to choose one of your VPS in{' '}
              {region || 'this location'}.
            </Text>
            <Button variant="light" onClick={() => setSigningIn(true)}>
              Sign In
            </Button>
          </Stack>
        )}
      </SectionCard>
      <Modal
        opened={signingIn && !loggedIn}
        onClose={() => setSigningIn(false)}
        title="Sign in to choose your VPS"
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <AuthPanel />
      </Modal>
    </Stack>
  );
}
