import '@mantine/charts/styles.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Breadcrumbs.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/Tooltip.css';
import { Stack, Tabs } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { isVpsLocked } from '@rackdesk/contract';
import { TabRow } from '../../components/tab-row.tsx';
import { ManageRdnsCard } from '../../features/rdns/components/manage-rdns-card.tsx';
import { BillingInfoCard } from '../../features/services/components/billing-info-card.tsx';
import { ServiceBanners } from '../../features/services/components/service-banners.tsx';
import { useServerPageGate } from '../../features/services/hooks/use-server-page-gate.tsx';
import { ServiceBreadcrumb } from '../../features/services/components/service-breadcrumb.tsx';
import { useVps } from '../../features/vps/api/get-vps.ts';
import { FirstGenerationConfigureTab } from '../../features/vps/components/first-generation-configure-tab.tsx';
import { FirstGenerationHeader } from '../../features/vps/components/first-generation-header.tsx';
import { FirstGenerationNetworkTab } from '../../features/vps/components/first-generation-network-tab.tsx';
import { FirstGenerationServerInfo } from '../../features/vps/components/first-generation-server-info.tsx';
import { LockNotice } from '../../features/vps/components/lock-notice.tsx';
import { useServiceIdParam } from '../../lib/use-service-id-param.ts';

const BREADCRUMB_TYPE = 'Virtual Private Servers';

/** /services/vps/{id}: the first-generation VPS page (servers spec §2). */
export function VpsRoute() {
  const { id, raw } = useServiceIdParam();
  const query = useVps(id);
  useDocumentTitle(`${query.data?.vps.hostname ?? 'Virtual Private Server'} · Rackdesk`);
  const gate = useServerPageGate({
    id,
    raw,
    query,
    type: BREADCRUMB_TYPE,
    context: 'We could not load this VPS.',
  });
  if (gate || !query.data) return gate;

  const { vps, billing } = query.data;
  const locked = isVpsLocked(vps.locked);
  // The server refuses every change unless the service is active (and the platform while locked).
  const actionsDisabled = locked || billing.status !== 'Active';
  return (
    <Stack gap="lg">
      <ServiceBreadcrumb type={BREADCRUMB_TYPE} current={vps.hostname} />
      <FirstGenerationHeader
        serviceId={id}
        vps={vps}
        readAtMs={query.dataUpdatedAt}
        actionsDisabled={actionsDisabled}
      />
      <ServiceBanners service={billing} />
      {locked ? <LockNotice reason={vps.locked} /> : null}
      <Tabs defaultValue="info" keepMounted={false}>
        <TabRow>
          <Tabs.Tab value="info">Server Info</Tabs.Tab>
          <Tabs.Tab value="network">Network</Tabs.Tab>
          <Tabs.Tab value="configure">Configure</Tabs.Tab>
        </TabRow>
        <Tabs.Panel value="info" pt="md">
          <Stack gap="lg">
            <FirstGenerationServerInfo serviceId={id} vps={vps} />
            <BillingInfoCard service={billing} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="network" pt="md">
          <FirstGenerationNetworkTab
            ips={vps.ips}
            rdns={
              <ManageRdnsCard
                serviceId={id}
                type="virtualizor"
                ips={Object.values(vps.ips)}
                locked={locked}
                suspended={billing.status !== 'Active'}
              />
            }
          />
        </Tabs.Panel>
        <Tabs.Panel value="configure" pt="md">
          <FirstGenerationConfigureTab serviceId={id} vps={vps} actionsDisabled={actionsDisabled} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
