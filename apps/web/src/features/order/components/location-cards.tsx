import { Group, Image, Radio, SimpleGrid, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { ConfigOptionChoice, ProductConfigOption } from '@rackdesk/contract';
import usaFlag from '../assets/usa-flag.svg';

interface LocationCardsProps {
  /** The product's location option; without one, the product's own location is the only card. */
  option: ProductConfigOption | undefined;
  value: ConfigOptionChoice | null;
  /** The region of the product's group ('New York'), for a product without a location option. */
  region: string;
  onChange: (choiceId: number) => void;
}

function LocationLabel({ name, unavailable }: { name: string; unavailable: boolean }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <Radio.Indicator disabled={unavailable} />
      <Image src={usaFlag} alt="" w={32} h={17} fit="contain" />
      <Stack gap={0}>
        <Text fw={600} size="sm">
          {name}
        </Text>
        <Text size="xs" c="dimmed">
          {unavailable ? 'Unavailable' : 'United States'}
        </Text>
      </Stack>
    </Group>
  );
}

/** Location (portal spec §2): one card per location with a USA flag; hidden ones 'Unavailable'. */
export function LocationCards({ option, value, region, onChange }: LocationCardsProps) {
  if (!option) {
    return (
      <Radio.Group value="only" label={<VisuallyHidden>Location</VisuallyHidden>}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          <Radio.Card value="only" radius="md" p="sm">
            <LocationLabel name={region || 'United States'} unavailable={false} />
          </Radio.Card>
        </SimpleGrid>
      </Radio.Group>
    );
  }
  return (
    <Radio.Group
      label={<VisuallyHidden>Location</VisuallyHidden>}
      value={value ? String(value.id) : null}
      onChange={(id) => {
        const choice = option.options.option.find((candidate) => String(candidate.id) === id);
        if (choice && !choice.hidden) onChange(choice.id);
      }}
    >
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
        {option.options.option.map((choice) => (
          <Radio.Card
            key={choice.id}
            value={String(choice.id)}
            radius="md"
            p="sm"
            disabled={choice.hidden}
            aria-disabled={choice.hidden || undefined}
            style={
              choice.hidden ? { cursor: 'not-allowed', background: 'var(--mantine-color-gray-1)' } : undefined
            }
          >
            <LocationLabel name={choice.name} unavailable={choice.hidden} />
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
