import { Card, Stack, Text, Title } from '@mantine/core';

/** The server's addresses, on the Network tab of both generations. */
export function IpAddressesCard({ addresses }: { addresses: string[] }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="ip-addresses-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="ip-addresses-title">
          IP Addresses
        </Title>
        {addresses.length === 0 ? (
          <Text c="dimmed" size="sm">
            No addresses are assigned to this server.
          </Text>
        ) : (
          <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }}>
            {addresses.map((address) => (
              <Text component="li" key={address} ff="monospace">
                {address}
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
