import { paths } from '../../../lib/paths.ts';
import { useProductGroups } from '../api/get-product-groups.ts';
import { serviceGroups } from '../utils/service-groups.ts';
import { CatalogueState } from './catalogue-state.tsx';
import { ProductCard } from './product-card.tsx';
import { ProductGrid } from './product-grid.tsx';

/**
 * Storage blocks, one product per region (New York 322, Chicago 323); a card's starting price is
 * its cheapest 'Storage Size' (portal spec §2).
 */
export function StorageCatalogue() {
  const query = useProductGroups(serviceGroups.storage.groupIds);
  return (
    <CatalogueState query={query}>
      <ProductGrid>
        {query.products.map((product) => (
          <ProductCard
            key={product.pid}
            product={product}
            to={paths.orderStorage(product.pid)}
            buttonLabel="Configure Block"
          />
        ))}
      </ProductGrid>
    </CatalogueState>
  );
}
