import { Badge, Card, Divider, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { DedicatedIpAssignment } from '@rackdesk/contract';
import { Fragment } from 'react';
import { formatIpRange, groupConsecutiveIps } from '../utils/ip-ranges.ts';
import { type SubnetGroup, subnetsOf } from '../utils/subnets.ts';
import { Field } from '../../../components/field.tsx';

function SubnetFacts({ group, family }: { group: SubnetGroup; family: 4 | 6 }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
      <Field label="Subnet">
        <Group gap="xs">
          <span>
            {group.subnet}/{group.cidr}
          </span>
          {group.type === 'private' ? (
            <Badge variant="outline" color="gray.8" size="sm">
              Internal
            </Badge>
          ) : null}
        </Group>
      </Field>
      <Field label="Assigned IPs">
        <Stack gap={0}>
          {groupConsecutiveIps(group.ips).map((range) => (
            <Text key={range.first} fw={500} ff="monospace" size="sm">
              {formatIpRange(range)}
            </Text>
          ))}
        </Stack>
      </Field>
      <Field label="Gateway">{group.gateway || 'None'}</Field>
      {family === 4 ? (
        <Field label="Netmask">{group.netmask || 'N/A'}</Field>
      ) : (
        <Field label="Prefix">/{group.cidr}</Field>
      )}
    </SimpleGrid>
  );
}

function AddressCard({
  family,
  assignments,
}: {
  family: 4 | 6;
  assignments: readonly DedicatedIpAssignment[];
}) {
  const groups = subnetsOf(assignments, family);
  const title = family === 4 ? 'IPv4' : 'IPv6';
  const id = `ipv${family}-title`;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={id}>
      <Stack gap="md">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {groups.length === 0 ? (
          <Text c="dimmed">No {title} addresses are assigned to this server.</Text>
        ) : (
          groups.map((group, index) => (
            <Fragment key={`${group.subnet}/${group.cidr}`}>
              {index > 0 ? <Divider /> : null}
              <SubnetFacts group={group} family={family} />
            </Fragment>
          ))
        )}
      </Stack>
    </Card>
  );
}

/** The IPv4 and IPv6 cards: subnet, assigned addresses in ranges, gateway, netmask or prefix. */
export function IpAddressCards({ assignments }: { assignments: readonly DedicatedIpAssignment[] }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <AddressCard family={4} assignments={assignments} />
      <AddressCard family={6} assignments={assignments} />
    </SimpleGrid>
  );
}
