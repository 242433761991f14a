import '@mantine/charts/styles.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Breadcrumbs.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/EmptyState.css';
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/Tooltip.css';
import { SimpleGrid, Stack, Tabs } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { type DedicatedServer, serviceTypeLabel } from '@rackdesk/contract';
import { useEffect, useMemo } from 'react';
import { useNavigate, useSearchParams } from '../../lib/routing.tsx';
import { useParams } from '../../lib/route-params.ts';
import { PageLoader } from '../../components/page-loader.tsx';
import { TabRow } from '../../components/tab-row.tsx';
import { useDedicatedServer } from '../../features/dedicated/api/get-dedicated-server.ts';
import { BandwidthUsageCard } from '../../features/dedicated/components/bandwidth-usage-card.tsx';
import { BillingOptionsCard } from '../../features/dedicated/components/billing-options-card.tsx';
import { IpAddressCards } from '../../features/dedicated/components/ip-address-cards.tsx';
import { IpmiControlsCard } from '../../features/dedicated/components/ipmi-controls-card.tsx';
import { ServerConfigurationCard } from '../../features/dedicated/components/server-configuration-card.tsx';
import { ServerHeader } from '../../features/dedicated/components/server-header.tsx';
import { ServerSpecsCard } from '../../features/dedicated/components/server-specs-card.tsx';
import { ManageRdnsCard } from '../../features/rdns/components/manage-rdns-card.tsx';
import { BillingInfoCard } from '../../features/services/components/billing-info-card.tsx';
import { ServiceBanners } from '../../features/services/components/service-banners.tsx';
import { ServiceBreadcrumb } from '../../features/services/components/service-breadcrumb.tsx';
import { ServiceLoadError } from '../../features/services/components/service-load-error.tsx';
import {
  isAccessRedirect,
  useServiceAccessRedirect,
} from '../../features/services/hooks/use-service-access-redirect.ts';
import { isApiError } from '../../lib/api-client.ts';
import { paths } from '../../lib/paths.ts';

type Tab = 'server' | 'network';

/** Addresses on a private subnet other than 192.168. take no rDNS either: shown as N/A. */
function usePrivateAddressRule(server: DedicatedServer | undefined) {
  return useMemo(() => {
    const ips = server?.ipassignments.map((assignment) => assignment.ip) ?? [];
    const privateIps = new Set(
      server?.ipassignments
        .filter((assignment) => assignment.subnetinformation.type === 'private')
        .map((assignment) => assignment.ip),
    );
    return { ips, isReadOnly: (ip: string) => privateIps.has(ip) };
  }, [server]);
}

/**
 * /services/dedicated/{id} (servers spec §2): Server Info (specs, IPMI, configuration, bandwidth,
 * billing) and Network (addresses, rDNS). A server the API does not find goes to /services/{id},
 * which shows the pending or not-found state.
 */
export function DedicatedServerRoute() {
  const { id: rawId = '' } = useParams();
  const parsed = Number(rawId);
  const id = Number.isSafeInteger(parsed) && parsed > 0 ? parsed : 0;
  const query = useDedicatedServer(id);
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const tab: Tab = search.get('tab') === 'network' ? 'network' : 'server';
  const rdns = usePrivateAddressRule(query.data?.server);
  useServiceAccessRedirect(query.error);
  const server = query.data?.server;
  useDocumentTitle(`${server?.nickname || server?.hostname || 'Dedicated Server'} · Rackdesk`);

  const notFound = id === 0 || (isApiError(query.error) && query.error.status === 404);
  useEffect(() => {
    if (notFound) navigate(paths.service(encodeURIComponent(rawId)), { replace: true });
  }, [notFound, navigate, rawId]);

  if (notFound || query.isPending || isAccessRedirect(query.error)) return <PageLoader />;
  if (query.isError) {
    return (
      <ServiceLoadError
        type={serviceTypeLabel.dedicated}
        serviceId={id}
        context="We could not load this server."
        onRetry={() => void query.refetch()}
      />
    );
  }

  const { billing } = query.data;
  const loaded = query.data.server;
  const manageable = billing.status === 'Active';
  const serverName = loaded.nickname || loaded.hostname || billing.domain;
  const selectTab = (value: string | null) =>
    setSearch(value === 'network' ? { tab: 'network' } : {}, { replace: true });

  return (
    <Stack gap="lg">
      <ServiceBreadcrumb type={serviceTypeLabel.dedicated} current={loaded.hostname || String(id)} />
      <ServerHeader serviceId={id} server={loaded} billing={billing} manageable={manageable} />
      <ServiceBanners service={billing} />
      <Tabs value={tab} onChange={selectTab} keepMounted={false}>
        <TabRow>
          <Tabs.Tab value="server">Server Info</Tabs.Tab>
          <Tabs.Tab value="network">Network</Tabs.Tab>
        </TabRow>
        <Tabs.Panel value="server" pt="md">
          <Stack gap="lg">
            <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
              <ServerSpecsCard server={loaded} />
              <IpmiControlsCard serviceId={id} server={loaded} manageable={manageable} />
            </SimpleGrid>
            <ServerConfigurationCard serviceId={id} serverName={serverName} manageable={manageable} />
            <BandwidthUsageCard serviceId={id} billing={billing} />
            <BillingInfoCard service={billing} />
            <BillingOptionsCard service={billing} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="network" pt="md">
          <Stack gap="lg">
            <IpAddressCards assignments={loaded.ipassignments} />
            <ManageRdnsCard
              serviceId={id}
              type="tenantos"
              ips={rdns.ips}
              isReadOnly={rdns.isReadOnly}
              suspended={!manageable}
            />
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
