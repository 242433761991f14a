import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Breadcrumbs.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Tabs.css';
import { Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { serviceTypeLabel, serviceTypeOf } from '@rackdesk/contract';
import { useParams } from '../../lib/route-params.ts';
import { NotFound } from '../../components/not-found.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { ServiceName } from '../../components/service-name/service-name.tsx';
import { StatusTag } from '../../components/status-tag.tsx';
import { TabRow } from '../../components/tab-row.tsx';
import { useService, useServiceProvisioning } from '../../features/services/api/get-services.ts';
import { BillingInfoCard } from '../../features/services/components/billing-info-card.tsx';
import { ServiceBanners } from '../../features/services/components/service-banners.tsx';
import { ServiceBreadcrumb } from '../../features/services/components/service-breadcrumb.tsx';
import { ServiceLoadError } from '../../features/services/components/service-load-error.tsx';
import { StorageBillingOptionsCard } from '../../features/storage/components/storage-billing-options-card.tsx';
import {
  isAccessRedirect,
  useServiceAccessRedirect,
} from '../../features/services/hooks/use-service-access-redirect.ts';
import { isApiError } from '../../lib/api-client.ts';

/** A route id that cannot name a service answers like an unknown one. */
function useServiceId(): number {
  const { id } = useParams();
  const parsed = Number(id);
  return Number.isSafeInteger(parsed) && parsed > 0 ? parsed : 0;
}

/**
 * /services/{id}: pending services, services without a page of their own, and the target of
 * the server pages when their server is not found. /services/storage/{id} shows the same page.
 */
export function ServiceRoute() {
  const id = useServiceId();
  const query = useService(id);
  const provisioning = useServiceProvisioning(id);
  useServiceAccessRedirect(query.error);
  useDocumentTitle(`${query.data?.domain || query.data?.name || 'Service'} · Rackdesk`);

  if (id === 0 || (isApiError(query.error) && query.error.status === 404)) {
    return (
      <Stack gap="lg">
        <ServiceBreadcrumb current={String(id || '')} />
        <NotFound
          title="Service Not Found"
          description="The service you are looking for does not exist or is no longer available."
        />
      </Stack>
    );
  }
  if (query.isPending || isAccessRedirect(query.error)) return <PageLoader />;
  if (query.isError) {
    return (
      <ServiceLoadError
        serviceId={id}
        context="We could not load this service."
        onRetry={() => void query.refetch()}
      />
    );
  }

  const service = query.data;
  // A storage block in use (set up, not ended) adds the Billing Options card (spec §2).
  const isStorage =
    serviceTypeOf(service.groupname) === 'storage' &&
    (service.status === 'Active' || service.status === 'Suspended');
  return (
    <Stack gap="lg">
      <ServiceBreadcrumb type={serviceTypeLabel[serviceTypeOf(service.groupname)]} current={String(id)} />
      <Group justify="space-between" align="flex-start">
        <Stack gap={2} miw={0}>
          <Title order={1}>
            <ServiceName name={service.status === 'Pending' ? 'PENDING' : service.domain || service.name} />
          </Title>
          <Text c="dimmed">
            {service.name} · {service.groupname}
          </Text>
        </Stack>
        <StatusTag status={service.status} />
      </Group>
      <ServiceBanners service={service} provisioning={provisioning.data} />
      <Tabs defaultValue="info" keepMounted={false}>
        <TabRow>
          <Tabs.Tab value="info">Service Info</Tabs.Tab>
        </TabRow>
        <Tabs.Panel value="info" pt="md">
          <Stack gap="lg">
            <BillingInfoCard service={service} />
            {isStorage ? <StorageBillingOptionsCard service={service} /> : null}
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
