import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorPanel } from '../../../components/error-panel.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import type { ProductListQuery } from '../api/get-product-groups.ts';

/** A catalogue's loading, failure and empty states around its cards. */
export function CatalogueState({ query, children }: { query: ProductListQuery; children: ReactNode }) {
  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    return <ErrorPanel context="We could not load the products." onRetry={query.refetch} />;
  }
  if (query.products.length === 0) {
    return <Text c="dimmed">No products are on sale here right now. Please check back soon.</Text>;
  }
  return children;
}
