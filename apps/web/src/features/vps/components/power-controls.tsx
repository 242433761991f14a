import { Badge, Button, Group, Loader, Switch, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { type PowerAction, transitionLabel } from '../utils/power-transition.ts';

export interface PowerControlsProps {
  /** Where the switch stands: the server's state, or where a start or power-off is going. */
  switchOn: boolean;
  /** The server is running (Reboot is offered only then). */
  running: boolean;
  /** The power action under way, if any. */
  transition: PowerAction | null;
  /** A power call is on its way to the server. */
  pending: boolean;
  /** Locked or suspended: nothing may be done. */
  disabled: boolean;
  onStart: () => void;
  onPowerOff: () => void;
  onReboot: () => void;
}

/**
 * Reboot and the power switch (servers spec §4): the switch calls start or power-off and is
 * disabled while that is pending; Reboot only while the server runs and no reboot is under way.
 */
export function PowerControls(props: PowerControlsProps) {
  const { switchOn, running, transition, pending, disabled } = props;
  const busy = pending || transition !== null;
  return (
    <Group gap="md" wrap="wrap">
      <Button
        variant="default"
        leftSection={<IconRefresh size={16} aria-hidden="true" />}
        onClick={props.onReboot}
        disabled={disabled || busy || !running}
        loading={pending && transition === null}
      >
        Reboot
      </Button>
      <Switch
        size="md"
        label="Power"
        labelPosition="left"
        checked={switchOn}
        disabled={disabled || busy}
        onChange={(event) => (event.currentTarget.checked ? props.onStart() : props.onPowerOff())}
      />
      <Group gap={6} aria-live="polite">
        {transition ? (
          <>
            <Loader size="xs" aria-hidden="true" />
            <Text size="sm">{transitionLabel[transition]}</Text>
          </>
        ) : (
          <Badge variant="filled" color={running ? '#1e6b30' : 'gray.8'}>
            {running ? 'Online' : 'Offline'}
          </Badge>
        )}
      </Group>
    </Group>
  );
}
