import { Alert, Anchor, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import {
  canResetBmc,
  type DedicatedPowerAction,
  type DedicatedPowerState,
  type DedicatedServer,
} from '@rackdesk/contract';
import {
  IconAlertTriangle,
  IconDeviceDesktop,
  IconPlayerPlay,
  IconPlayerStop,
  IconRefresh,
  IconRotateClockwise2,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from '../../../lib/routing.tsx';
import { paths } from '../../../lib/paths.ts';
import { openConsoleWindow, useLaunchConsole } from '../api/console.ts';
import { usePowerAction, usePowerStatus } from '../api/power.ts';
import { ConfirmModal } from './confirm-modal.tsx';

const stateLabel: Record<DedicatedPowerState, string> = {
  online: 'Online',
  offline: 'Offline',
  starting: 'Starting',
  stopping: 'Stopping',
  rebooting: 'Rebooting',
  unknown: 'Unknown',
};

/** Online green, Unknown grey, anything else red (servers spec §4). */
function PowerStatus({ status, loading }: { status: DedicatedPowerState | undefined; loading: boolean }) {
  if (loading) {
    return (
      <Group gap="xs">
        <Loader size="xs" aria-hidden="true" />
        <Text size="sm">Loading...</Text>
      </Group>
    );
  }
  const state = status ?? 'unknown';
  const color = state === 'online' ? '#1e6b30' : state === 'unknown' ? 'gray.7' : 'red.8';
  return (
    <Badge variant="filled" color={color} size="lg">
      {stateLabel[state]}
    </Badge>
  );
}

interface PowerButton {
  action: DedicatedPowerAction;
  label: string;
  icon: typeof IconPlayerPlay;
  /** Outlined in this colour; none for the default look. */
  color?: string;
  /** Asked before sending: the action interrupts the server. */
  confirm?: { title: string; text: string; label: string };
}

const powerButtons: PowerButton[] = [
  { action: 'powerOn', label: 'On', icon: IconPlayerPlay, color: '#1e6b30' },
  {
    action: 'powerOff',
    label: 'Off',
    icon: IconPlayerStop,
    color: 'red.9',
    confirm: {
      title: 'Power off',
      text: 'The server is switched off at once, without shutting down its operating system.',
      label: 'Power Off',
    },
  },
  {
    action: 'powerReset',
    label: 'Reboot',
    icon: IconRefresh,
    color: '#9a3b00',
    confirm: {
      title: 'Reboot',
      text: 'The server is reset at once, without shutting down its operating system.',
      label: 'Reboot',
    },
  },
  {
    action: 'resetBmc',
    label: 'Reset BMC',
    icon: IconRotateClockwise2,
    confirm: {
      title: 'Reset the BMC of',
      text: 'The IPMI controller restarts. Power status and controls are unavailable for about a minute; the server keeps running.',
      label: 'Reset BMC',
    },
  },
];

function UnavailableCard() {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="ipmi-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="ipmi-title">
          IPMI Controls
        </Title>
        <Alert color="gray.8" variant="outline" title="IPMI Controls Unavailable">
          This server has no IPMI, so it cannot be switched on or off or reached by console from here. Please{' '}
          <Anchor component={Link} to={paths.supportNew} inherit>
            contact support
          </Anchor>{' '}
          if you need the server powered or a console attached.
        </Alert>
      </Stack>
    </Card>
  );
}

interface IpmiControlsCardProps {
  serviceId: number;
  server: DedicatedServer;
  /** False while the service is suspended (or otherwise not active): the server refuses changes. */
  manageable: boolean;
}

/** IPMI Controls: power status, On, Off, Reboot, Reset BMC and the console (servers spec §2, §4). */
export function IpmiControlsCard({ serviceId, server, manageable }: IpmiControlsCardProps) {
  const power = server.powerprovider;
  const status = usePowerStatus(serviceId, power !== null);
  const action = usePowerAction(serviceId);
  const launch = useLaunchConsole(serviceId);
  const [confirming, setConfirming] = useState<PowerButton | null>(null);

  if (!power && !server.consoleprovider) return <UnavailableCard />;

  const buttons = powerButtons.filter((button) =>
    button.action === 'resetBmc' ? canResetBmc(server) : power?.supportedFeatures.includes(button.action),
  );
  const press = (button: PowerButton) => {
    if (button.confirm) setConfirming(button);
    else action.mutate(button.action);
  };
  const startConsole = () => launch.mutate(openConsoleWindow());

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="ipmi-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="ipmi-title">
          IPMI Controls
        </Title>
        {power ? (
          <>
            <Group gap="sm" aria-live="polite">
              <Text size="sm" c="dimmed" id="power-status-label">
                Power Status
              </Text>
              <div aria-labelledby="power-status-label" role="status">
                <PowerStatus status={status.data?.status} loading={status.isPending} />
              </div>
            </Group>
            <Group gap="sm">
              {buttons.map((button) => {
                const busy = action.isPending && action.variables === button.action;
                return (
                  <Button
                    key={button.action}
                    variant={button.color ? 'outline' : 'default'}
                    color={button.color}
                    leftSection={<button.icon size={16} aria-hidden="true" />}
                    loading={busy}
                    disabled={!manageable || (action.isPending && !busy)}
                    onClick={() => press(button)}
                  >
                    {button.label}
                  </Button>
                );
              })}
            </Group>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            This server has no remote power control.
          </Text>
        )}
        {server.consoleprovider ? (
          <Stack gap={4} align="flex-start">
            <Button
              variant={launch.isError ? 'light' : 'default'}
              color={launch.isError ? 'red' : undefined}
              leftSection={
                launch.isError ? (
                  <IconAlertTriangle size={16} aria-hidden="true" />
                ) : (
                  <IconDeviceDesktop size={16} aria-hidden="true" />
                )
              }
              loading={launch.isPending}
              disabled={!manageable}
              onClick={startConsole}
              aria-describedby={launch.isError ? 'console-error' : undefined}
            >
              Launch KVM Console
            </Button>
            {launch.isError ? (
              <Text size="sm" c="red.8" id="console-error">
                Failed to launch KVM console
              </Text>
            ) : null}
          </Stack>
        ) : null}
        {!manageable ? (
          <Text size="sm" c="dimmed">
            Power and console controls are unavailable while the service is not active.
          </Text>
        ) : null}
      </Stack>
      <ConfirmModal
        opened={confirming !== null}
        title={
          confirming?.confirm ? `${confirming.confirm.title} ${server.nickname || server.hostname}?` : ''
        }
        confirmLabel={confirming?.confirm?.label ?? ''}
        onConfirm={() => confirming && action.mutate(confirming.action)}
        onClose={() => setConfirming(null)}
      >
        {confirming?.confirm?.text}
      </ConfirmModal>
    </Card>
  );
}
