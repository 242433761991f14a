import { sortDedicated } from '@rackdesk/contract';
import { useLocation } from '../../../lib/routing.tsx';
import { useProductGroups } from '../api/get-product-groups.ts';
import { serviceGroups } from '../utils/service-groups.ts';
import { CatalogueState } from './catalogue-state.tsx';
import { ProductCard } from './product-card.tsx';
import { ProductGrid } from './product-grid.tsx';

/** Dedicated servers of both groups: in stock first, then dearest first (portal spec §2). */
export function DedicatedCatalogue() {
  const query = useProductGroups(serviceGroups.dedicated.groupIds);
  const { pathname } = useLocation();
  const base = pathname.replace(/\/+$/, '');
  return (
    <CatalogueState query={query}>
      <ProductGrid>
        {sortDedicated(query.products).map((product) => (
          <ProductCard key={product.pid} product={product} to={`${base}/${product.pid}`} />
        ))}
      </ProductGrid>
    </CatalogueState>
  );
}
