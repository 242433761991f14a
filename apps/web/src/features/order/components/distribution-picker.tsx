import { Badge, Group, Radio, Select, SimpleGrid, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { type Distribution, type DistributionSection, osFamilyOf } from '../utils/distributions.ts';

interface DistributionPickerProps {
  distributions: readonly Distribution[];
  /** The chosen template (`custom_os_id`). */
  value: string | null;
  onChange: (os: string) => void;
}

const sectionTitles: Record<DistributionSection, string> = {
  prebuilt: 'Prebuilt Templates',
  standard: 'Standard Operating Systems',
};

function DistributionCard({ distribution }: { distribution: Distribution }) {
  const unavailable = distribution.comingSoon || distribution.versions.length === 0;
  return (
    <Radio.Card
      value={distribution.key}
      radius="md"
      p="sm"
      disabled={unavailable}
      aria-disabled={unavailable || undefined}
      style={unavailable ? { cursor: 'not-allowed', background: 'var(--mantine-color-gray-1)' } : undefined}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap="xs" wrap="nowrap">
          <Radio.Indicator disabled={unavailable} />
          <Text fw={600} size="sm">
            {distribution.label}
          </Text>
        </Group>
        {distribution.comingSoon ? (
          <Badge size="sm" color="gray" variant="light">
            Coming Soon
          </Badge>
        ) : distribution.versions.length === 0 ? (
          <Text size="xs" c="dimmed">
            Unavailable
          </Text>
        ) : null}
      </Group>
    </Radio.Card>
  );
}

/**
 * Distribution (portal spec §2): the prebuilt templates and the standard systems as cards, and
 * the chosen one's versions in a select. Choosing a card takes its first version.
 */
export function DistributionPicker({ distributions, value, onChange }: DistributionPickerProps) {
  const family = value ? osFamilyOf(value) : null;
  const chosen = distributions.find((distribution) => distribution.key === family);
  const versionId = useId();
  const choose = (key: string) => {
    const distribution = distributions.find((candidate) => candidate.key === key);
    const first = distribution?.versions[0];
    if (first && !distribution.comingSoon) onChange(first.value);
  };
  return (
    <Stack gap="md">
      <Radio.Group value={family} onChange={choose} label={<VisuallyHidden>Distribution</VisuallyHidden>}>
        <Stack gap="md">
          {(['prebuilt', 'standard'] as const).map((section) => (
            <Stack key={section} gap="xs">
              <Text fw={500} size="sm">
                {sectionTitles[section]}
              </Text>
              <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="sm">
                {distributions
                  .filter((distribution) => distribution.section === section)
                  .map((distribution) => (
                    <DistributionCard key={distribution.key} distribution={distribution} />
                  ))}
              </SimpleGrid>
            </Stack>
          ))}
        </Stack>
      </Radio.Group>
      {chosen && chosen.versions.length > 0 ? (
        <Select
          id={versionId}
          label={chosen.key === 'custom' ? 'Template' : `${chosen.label} Version`}
          data={chosen.versions}
          value={value}
          onChange={(os) => {
            if (os) onChange(os);
          }}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          maw={360}
        />
      ) : null}
    </Stack>
  );
}
