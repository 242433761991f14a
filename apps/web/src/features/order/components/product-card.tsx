import { Badge, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { isOutOfStock, type Product, startingMonthlyCents, stockLabel } from '@rackdesk/contract';
import { Link } from '../../../lib/routing.tsx';
import { formatUsd } from '../../../lib/money.ts';
import { descriptionLines } from '../utils/description-lines.ts';
import { groupRegion } from '../utils/service-groups.ts';

interface ProductCardProps {
  product: Product;
  /** The configure page the button leads to. */
  to: string;
  buttonLabel?: string;
}

/** The stock tag's colours, as the status tags pick them: readable text on each. */
const stockTag = (product: Product): { color: string; c?: string } =>
  isOutOfStock(product)
    ? { color: 'red.8' }
    : product.stockcontrol
      ? { color: 'yellow.4', c: 'black' }
      : { color: '#1e6b30' };

/**
 * A product of the catalogue (portal spec §2 "Product card"): name, stock tag, 'Starting from'
 * monthly price, the description's lines as plain text, and the button to configure it, disabled
 * when none are left.
 */
export function ProductCard({ product, to, buttonLabel = 'Configure Server' }: ProductCardProps) {
  const outOfStock = isOutOfStock(product);
  const startingCents = startingMonthlyCents(product);
  const lines = descriptionLines(product.description);
  const region = groupRegion(product.gid);
  const name = region ? `${product.name} (${region})` : product.name;
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-label={name} h="100%">
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Stack gap={0}>
            <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
              {product.name}
            </Title>
            {region ? (
              <Text size="sm" c="dimmed">
                {region}
              </Text>
            ) : null}
          </Stack>
          <Badge variant="filled" {...stockTag(product)} style={{ flexShrink: 0 }}>
            {stockLabel(product)}
          </Badge>
        </Group>
        {startingCents !== null ? (
          <Stack gap={0}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Starting from
            </Text>
            <Text fw={700} fz="xl">
              {formatUsd(startingCents)}
              <Text span size="sm" c="dimmed" fw={400}>
                {' '}
                /mo
              </Text>
            </Text>
          </Stack>
        ) : null}
        {lines.length > 0 ? (
          <List size="sm" spacing={2} style={{ flexGrow: 1 }}>
            {lines.map((line, index) => (
              <List.Item key={`${index}-${line}`}>{line}</List.Item>
            ))}
          </List>
        ) : (
          <div style={{ flexGrow: 1 }} />
        )}
        {outOfStock ? (
          <Button disabled fullWidth>
            {buttonLabel}
          </Button>
        ) : (
          <Button component={Link} to={to} fullWidth aria-label={`${buttonLabel}: ${name}`}>
            {buttonLabel}
          </Button>
        )}
      </Stack>
    </Card>
  );
}
