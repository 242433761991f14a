import { Stack, Text, Title } from '@mantine/core';
import { splitVpsSections } from '@rackdesk/contract';
import { paths } from '../../../lib/paths.ts';
import { useProductGroups } from '../api/get-product-groups.ts';
import { serviceGroups } from '../utils/service-groups.ts';
import { CatalogueState } from './catalogue-state.tsx';
import { ProductCard } from './product-card.tsx';
import { ProductGrid } from './product-grid.tsx';

const subtitles = {
  standard: 'AMD EPYC 3.5GHz+ cores, general purpose',
  'cpu-optimized': '5GHz+ cores',
} as const;

/**
 * Virtual servers in two sections, standard and CPU optimized (a name containing CPU), each in
 * stock first, then cheapest first (portal spec §2).
 */
export function VpsCatalogue() {
  const query = useProductGroups(serviceGroups.vps.groupIds);
  return (
    <CatalogueState query={query}>
      <Stack gap="xl">
        {splitVpsSections(query.products)
          .filter((section) => section.products.length > 0)
          .map((section) => (
            <Stack key={section.key} gap="md" component="section" aria-label={section.title}>
              <Stack gap={2}>
                <Title order={2} size="h3">
                  {section.title}
                </Title>
                <Text c="dimmed" size="sm">
                  {subtitles[section.key]}
                </Text>
              </Stack>
              <ProductGrid>
                {section.products.map((product) => (
                  <ProductCard key={product.pid} product={product} to={paths.orderVps(product.pid)} />
                ))}
              </ProductGrid>
            </Stack>
          ))}
      </Stack>
    </CatalogueState>
  );
}
