import { Button, Group, Input, Loader, MultiSelect, Radio, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useServices } from '../../../lib/service-list.ts';
import { type ServiceScope, serviceOptionLabel } from '../utils/sub-account-form.ts';

interface SubAccountServicesFieldProps {
  scope: ServiceScope;
  onScopeChange: (scope: ServiceScope) => void;
  /** The multi-select's props from the form: value, onChange, error. */
  serviceIds: { value: string[]; onChange: (ids: string[]) => void; error?: React.ReactNode };
}

/**
 * Which services the sub-account may use: 'All services' (also those ordered later) or
 * 'Specific services', chosen from the owner's services by domain and product.
 */
export function SubAccountServicesField({ scope, onScopeChange, serviceIds }: SubAccountServicesFieldProps) {
  return (
    <Stack gap="xs">
      <Radio.Group label="Services" value={scope} onChange={(value) => onScopeChange(value as ServiceScope)}>
        <Group gap="lg" mt={6}>
          <Radio value="all" label="All services" />
          <Radio value="specific" label="Specific services" />
        </Group>
      </Radio.Group>
      {scope === 'specific' ? <ServicePicker {...serviceIds} /> : null}
    </Stack>
  );
}

const PICKER_LABEL = 'Allowed services';

function ServicePicker({ value, onChange, error }: SubAccountServicesFieldProps['serviceIds']) {
  const services = useServices();
  const options = useMemo(
    () =>
      (services.data ?? [])
        .map((service) => ({ value: String(service.id), label: serviceOptionLabel(service) }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [services.data],
  );

  if (services.isPending) {
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm">Loading your services…</Text>
      </Group>
    );
  }
  if (services.isError) {
    return (
      <Input.Wrapper label={PICKER_LABEL} error="Your services could not be loaded.">
        <Button variant="light" size="xs" mt={4} onClick={() => void services.refetch()}>
          Try Again
        </Button>
      </Input.Wrapper>
    );
  }
  return (
    <MultiSelect
      label={PICKER_LABEL}
      placeholder={value.length === 0 ? 'Choose services' : undefined}
      data={options}
      value={value}
      onChange={onChange}
      error={error}
      searchable
      clearable
      hidePickedOptions
      nothingFoundMessage={options.length === 0 ? 'You have no services yet' : 'No service matches'}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
