import { Card, Stack, Text, Title } from '@mantine/core';
import type { Product } from '@rackdesk/contract';
import type { OrderDraft } from '../hooks/use-order-draft.ts';
import {
  chooseCycle,
  chooseDedicatedOs,
  choiceOf,
  diskLayoutChoices,
  withChoice,
} from '../utils/order-summary.ts';
import { BillingCycleSelect } from './billing-cycle-select.tsx';
import { OptionCheckboxes } from './option-checkboxes.tsx';
import { OptionSelect } from './option-select.tsx';
import { ProductSpecs } from './product-specs.tsx';

/**
 * The dedicated server's configure page (portal spec §2, §4, §5): its specs, the billing cycle
 * (changing it resets every option), one select per option; the Disk Layout offers only what the
 * chosen OS and the drive bays allow, and changing the OS sets it back to 'None'.
 */
export function DedicatedConfigure({ product, draft }: { product: Product; draft: OrderDraft }) {
  const { selection, update, summary } = draft;
  if (!summary) return null;
  const { cycle, choices } = summary;
  const selects = product.configoptions.configoption.filter(
    (option) => !option.hidden && option.type === '1',
  );
  const checkboxes = product.configoptions.configoption.filter(
    (option) => !option.hidden && option.type === '3',
  );
  const layouts = diskLayoutChoices(product, choices);
  const choose = (optionId: number, optionid: number) =>
    update({ configoptions: withChoice(selection.configoptions, optionId, optionid) });

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Configure server
      </Title>
      <Card withBorder radius="md" padding="lg" component="section" aria-label="Server">
        <Stack gap="sm">
          <Text fw={700} fz="lg">
            {product.name}
          </Text>
          {product.drivebays !== null ? (
            <Text size="sm" c="dimmed">
              {product.drivebays} drive {product.drivebays === 1 ? 'bay' : 'bays'}
            </Text>
          ) : null}
          <ProductSpecs product={product} />
        </Stack>
      </Card>
      <Card withBorder radius="md" padding="lg" component="section" aria-label="Configuration">
        <Stack gap="md">
          <BillingCycleSelect
            product={product}
            value={cycle}
            onChange={(next) => update(chooseCycle(next))}
          />
          {selects.map((option) =>
            option.role === 'operating_system' ? (
              <OptionSelect
                key={option.id}
                option={option}
                value={choiceOf(choices, option)}
                cycle={cycle}
                onChange={(choiceId) =>
                  update({
                    configoptions: chooseDedicatedOs(product, selection.configoptions, option.id, choiceId),
                  })
                }
              />
            ) : (
              <OptionSelect
                key={option.id}
                option={option}
                choices={option.role === 'disk_layout' ? layouts : undefined}
                value={choiceOf(choices, option)}
                cycle={cycle}
                onChange={(choiceId) => choose(option.id, choiceId)}
              />
            ),
          )}
          <OptionCheckboxes options={checkboxes} choices={choices} cycle={cycle} onChange={choose} />
        </Stack>
      </Card>
    </Stack>
  );
}
