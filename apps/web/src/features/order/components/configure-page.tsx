import { Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { isOutOfStock, OrderText, type Product } from '@rackdesk/contract';
import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate } from '../../../lib/routing.tsx';
import { useParams } from '../../../lib/route-params.ts';
import { NotFound } from '../../../components/not-found.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { paths } from '../../../lib/paths.ts';
import { useProduct } from '../api/get-product.ts';
import { useOrderNavigation } from '../hooks/use-order-navigation.ts';
import { orderStore } from '../store/order-store.ts';
import { enterConfigure, enterOrderIndex, goToServiceType, routeProductId } from '../utils/order-state.ts';
import { configurePath, type ServiceGroupKey, serviceGroupOf } from '../utils/service-groups.ts';
import { OrderStepper } from './order-stepper.tsx';
import { OrderWorkspace } from './order-workspace.tsx';
import { OutOfStockModal } from './out-of-stock-modal.tsx';

/** A product the API does not know, or an empty answer, is not found (portal spec §8). */
const isNotFound = (error: unknown, product: Product | null | undefined) =>
  (isApiError(error) && error.status === 404) || product === null;

/**
 * A configure route (/order/{id}, /order/vps/{id}, /order/storage/{id}; portal spec §2): enters
 * step 2 for the route's product, or sends the visitor back as the navigation rules say; loads
 * the product and shows the not-found view, the out-of-stock countdown, or the wizard's steps 2
 * to 4 for it. A product opened under another kind's route moves to its own.
 */
export function ConfigurePage({ kind }: { kind: ServiceGroupKey }) {
  const routePid = routeProductId(useParams().id);
  const { key } = useLocation();
  const navigate = useNavigate();
  const { state, setState, toServerList } = useOrderNavigation();
  const query = useProduct(routePid);
  const product = query.data ?? undefined;
  const group = product ? serviceGroupOf(product.gid) : null;
  useDocumentTitle(`${state.step >= 3 ? 'Checkout' : 'Configure'} · Rackdesk`);

  useEffect(() => {
    const entry = enterConfigure(orderStore().get(), routePid);
    if (entry.kind === 'restart') {
      setState(goToServiceType());
      navigate(paths.order, { replace: true });
    } else if (entry.kind === 'elsewhere') {
      navigate(paths.order, { replace: true });
    } else {
      setState(entry.state);
    }
  }, [routePid, key, navigate, setState]);

  // A product that is not there is no order to keep: the next product link starts afresh.
  const notFound = routePid !== null && isNotFound(query.error, query.data);
  useEffect(() => {
    if (notFound) setState((current) => enterOrderIndex(current).state);
  }, [notFound, setState]);

  const loadFailed = query.isError && !isNotFound(query.error, undefined);
  useEffect(() => {
    if (!loadFailed) return;
    notify(OrderText.productLoadFailed, 'error');
    navigate(paths.order, { replace: true });
  }, [loadFailed, navigate]);

  // The product decides its kind: a storage block linked as /order/322 moves to its own page.
  const productPid = product?.pid;
  const unknownGroup = product !== undefined && group === null;
  useEffect(() => {
    if (productPid === undefined) return;
    if (unknownGroup) {
      console.error(`Unknown order group of product ${productPid}`);
      navigate(paths.order, { replace: true });
    } else if (group && group !== kind) {
      navigate(configurePath(group, productPid), { replace: true });
    } else if (group) {
      setState((current) => (current.group === group ? current : { ...current, group }));
    }
  }, [group, kind, productPid, unknownGroup, navigate, setState]);

  const backToList = useCallback(() => toServerList(), [toServerList]);

  const ready = state.step >= 2 && state.selection?.pid === routePid;
  if (notFound) {
    return (
      <Stack gap="lg">
        <OrderStepper step={state.step} />
        <NotFound
          title="Product Not Found"
          description="The product you are looking for does not exist or is no longer sold."
        />
      </Stack>
    );
  }
  if (!ready || !product || group !== kind) return <PageLoader />;

  return (
    <Stack gap="lg">
      <OrderStepper step={state.step} />
      {isOutOfStock(product) && state.step < 4 ? (
        <Stack gap="xs">
          <Title order={1} size="h2">
            {OrderText.outOfStock(product.name)}
          </Title>
          <Text c="dimmed">Please choose another server.</Text>
          <OutOfStockModal name={product.name} onLeave={backToList} />
        </Stack>
      ) : (
        <OrderWorkspace group={kind} product={product} />
      )}
    </Stack>
  );
}
