import '@mantine/charts/styles.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Breadcrumbs.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/Tooltip.css';
import { Stack, Tabs } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useSearchParams } from '../../lib/routing.tsx';
import { SectionErrorBoundary } from '../../components/section-error-boundary.tsx';
import { TabRow } from '../../components/tab-row.tsx';
import { ServiceBanners } from '../../features/services/components/service-banners.tsx';
import { useServerPageGate } from '../../features/services/hooks/use-server-page-gate.tsx';
import { ServiceBreadcrumb } from '../../features/services/components/service-breadcrumb.tsx';
import { LockNotice } from '../../features/vps/components/lock-notice.tsx';
import { useVps2 } from '../../features/vps2/api/get-vps2.ts';
import { BackupsTab } from '../../features/vps2/components/backups-tab.tsx';
import { TemplatesTab } from '../../features/vps2/components/templates-tab.tsx';
import { isMissingServer } from '../../features/vps2/utils/vps2-server.ts';
import { useServiceIdParam } from '../../lib/use-service-id-param.ts';
import { Vps2ConfigureTab } from './vps-v2/vps2-configure-tab.tsx';
import { Vps2Header } from './vps-v2/vps2-header.tsx';
import { Vps2NetworkTab } from './vps-v2/vps2-network-tab.tsx';
import { Vps2ServerInfoTab } from './vps-v2/vps2-server-info-tab.tsx';

/** Both generations share the breadcrumb (servers spec §2). */
const BREADCRUMB_TYPE = 'Virtual Private Servers';

/** The tabs in the spec's order. */
const tabs = [
  { value: 'info', label: 'Server Info' },
  { value: 'network', label: 'Network' },
  { value: 'configure', label: 'Configure' },
  { value: 'backups', label: 'Backups' },
  { value: 'templates', label: 'Templates' },
] as const;
type Tab = (typeof tabs)[number]['value'];
const isTab = (value: string | null): value is Tab => tabs.some((tab) => tab.value === value);

/** A tab's content, with its own 'Something went wrong' fallback naming what failed. */
function TabPanel({ value, failure, children }: { value: Tab; failure: string; children: ReactNode }) {
  return (
    <Tabs.Panel value={value} pt="md">
      <SectionErrorBoundary context={failure}>{children}</SectionErrorBoundary>
    </Tabs.Panel>
  );
}

/** /services/vps/v2/{id}: the VPS v2 page, 'Manage VPS' (servers spec §2). */
export function VpsV2Route() {
  const { id, raw } = useServiceIdParam();
  const query = useVps2(id);
  const [search, setSearch] = useSearchParams();
  const requested = search.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'info';
  useDocumentTitle('Manage VPS · Rackdesk');
  const gate = useServerPageGate({
    id,
    raw,
    query,
    type: BREADCRUMB_TYPE,
    context: 'We could not load this VPS.',
    missing: isMissingServer(query.data),
  });
  if (gate || !query.data) return gate;

  const { vps, billing } = query.data;
  // Every action waits while the platform holds the server, or while the service is not active.
  const active = billing.status === 'Active';
  const actionsDisabled = vps.locked || !active;
  const selectTab = (value: string | null) =>
    setSearch(isTab(value) && value !== 'info' ? { tab: value } : {}, { replace: true });

  return (
    <Stack gap="lg">
      <ServiceBreadcrumb type={BREADCRUMB_TYPE} current={vps.hostname} />
      <Vps2Header serviceId={id} vps={vps} readAtMs={query.dataUpdatedAt} actionsDisabled={actionsDisabled} />
      <ServiceBanners service={billing} />
      {vps.locked ? <LockNotice reason={vps.locked_message} /> : null}
      <Tabs value={tab} onChange={selectTab} keepMounted={false}>
        <TabRow>
          {tabs.map(({ value, label }) => (
            <Tabs.Tab key={value} value={value}>
              {label}
            </Tabs.Tab>
          ))}
        </TabRow>
        <TabPanel value="info" failure="The server information could not be shown.">
          <Vps2ServerInfoTab serviceId={id} vps={vps} billing={billing} />
        </TabPanel>
        <TabPanel value="network" failure="The network settings could not be shown.">
          <Vps2NetworkTab serviceId={id} ips={vps.ips} locked={vps.locked} suspended={!active} />
        </TabPanel>
        <TabPanel value="configure" failure="The server configuration could not be shown.">
          <Vps2ConfigureTab serviceId={id} vps={vps} billing={billing} actionsDisabled={actionsDisabled} />
        </TabPanel>
        <TabPanel value="backups" failure="The backups could not be shown.">
          <BackupsTab serviceId={id} actionsDisabled={actionsDisabled} />
        </TabPanel>
        <TabPanel value="templates" failure="The user templates could not be shown.">
          <TemplatesTab serviceId={id} actionsDisabled={actionsDisabled} />
        </TabPanel>
      </Tabs>
    </Stack>
  );
}
