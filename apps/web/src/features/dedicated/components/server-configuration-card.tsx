import { Alert, Button, Card, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { DedicatedRebuildText } from '@rackdesk/contract';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { TabRow } from '../../../components/tab-row.tsx';
import { useDedicatedTemplates } from '../api/get-templates.ts';
import { useRebuildStatus, useStopRebuild } from '../api/rebuild.ts';
import { reinstallTemplates, rescueTemplates } from '../utils/rebuild-form.ts';
import { formatUpdateTime, RebuildProgress } from './rebuild-progress.tsx';
import { ReinstallOsForm } from './reinstall-os-form.tsx';
import { RescueModeForm } from './rescue-mode-form.tsx';

type CancelOutcome = 'cancelled' | 'failed' | null;

interface ServerConfigurationCardProps {
  serviceId: number;
  serverName: string;
  manageable: boolean;
}

/** Server Configuration: reinstall OS, rescue mode and the progress of either (servers spec §2, §4). */
export function ServerConfigurationCard({ serviceId, serverName, manageable }: ServerConfigurationCardProps) {
  const status = useRebuildStatus(serviceId);
  const templates = useDedicatedTemplates(serviceId);
  const stop = useStopRebuild(serviceId);
  const [outcome, setOutcome] = useState<CancelOutcome>(null);

  const rebuild = status.data;
  const active = rebuild?.active ?? false;
  const formsDisabled = !manageable || active || status.isPending;
  const cancel = () =>
    stop.mutate(undefined, {
      onSuccess: () => setOutcome('cancelled'),
      onError: () => setOutcome('failed'),
    });
  const started = () => setOutcome(null);

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="server-config-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="server-config-title">
          Server Configuration
        </Title>
        {outcome ? (
          <Text role="status" fw={600} c={outcome === 'cancelled' ? undefined : 'red.8'}>
            {outcome === 'cancelled' ? DedicatedRebuildText.stopped : 'Cancelation Failed'}
          </Text>
        ) : null}
        {rebuild && active ? (
          <RebuildProgress
            status={rebuild}
            cancelling={stop.isPending}
            onCancel={cancel}
            manageable={manageable}
          />
        ) : null}
        {rebuild && !active && rebuild.update_time !== null && rebuild.message ? (
          <Text size="sm" c="dimmed">
            Last operation: {rebuild.message} ({formatUpdateTime(rebuild.update_time)})
          </Text>
        ) : null}
        {status.isError ? (
          <Text size="sm" c="red.8">
            The rebuild status could not be loaded; it is asked again every few seconds.
          </Text>
        ) : null}
        {!manageable ? (
          <Text size="sm" c="dimmed">
            Reinstall and rescue mode are unavailable while the service is not active.
          </Text>
        ) : null}
        {templates.isPending ? (
          <Loader size="sm" aria-label="Loading templates" />
        ) : templates.isError ? (
          <Alert
            color="red"
            variant="light"
            title="The templates could not be loaded."
            icon={<IconAlertTriangle aria-hidden="true" />}
          >
            <Button size="xs" variant="default" onClick={() => void templates.refetch()}>
              Try Again
            </Button>
          </Alert>
        ) : (
          <Tabs defaultValue="reinstall" variant="outline">
            <TabRow>
              <Tabs.Tab value="reinstall">Reinstall OS</Tabs.Tab>
              <Tabs.Tab value="rescue">Rescue Mode</Tabs.Tab>
            </TabRow>
            <Tabs.Panel value="reinstall" pt="md">
              <ReinstallOsForm
                serviceId={serviceId}
                serverName={serverName}
                templates={reinstallTemplates(templates.data)}
                disabled={formsDisabled}
                onStarted={started}
              />
            </Tabs.Panel>
            <Tabs.Panel value="rescue" pt="md">
              <RescueModeForm
                serviceId={serviceId}
                serverName={serverName}
                templates={rescueTemplates(templates.data)}
                disabled={formsDisabled}
                onStarted={started}
              />
            </Tabs.Panel>
          </Tabs>
        )}
      </Stack>
    </Card>
  );
}
