import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ServiceListItem } from '@rackdesk/contract';
import { Field } from '../../../components/field.tsx';

/** The unit a configuration option's bare value is counted in. */
const optionUnits: Record<string, string> = { Bandwidth: 'TB' };

/** Billing Options: the configuration options the service was ordered with. */
export function BillingOptionsCard({ service }: { service: ServiceListItem }) {
  const options = service.configoptions.configoption;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="billing-options-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="billing-options-title">
          Billing Options
        </Title>
        {options.length === 0 ? (
          <Text c="dimmed">This service has no configurable options.</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
            {options.map((option) => (
              <Field key={option.id} label={option.option}>
                {option.value}
                {optionUnits[option.option] && /^\d+(\.\d+)?$/.test(option.value)
                  ? ` ${optionUnits[option.option]}`
                  : ''}
              </Field>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Card>
  );
}
