import { Button, Group, Stack, Text } from '@mantine/core';
import { IconTerminal2 } from '@tabler/icons-react';
import { HostnameEditor } from './hostname-editor.tsx';
import { PowerControls, type PowerControlsProps } from './power-controls.tsx';

interface ServerHeaderProps {
  hostname: string;
  onHostnameSave: (hostname: string) => Promise<unknown>;
  hostnameSaving: boolean;
  power: Omit<PowerControlsProps, 'disabled'>;
  /** Already formatted by the generation: cores, RAM, disk, OS. */
  specs: string[];
  /** Opens the VNC console; without it the page offers no console button. */
  onConsole?: () => void;
  consoleOpening?: boolean;
  /** Locked or suspended: every action is off. */
  actionsDisabled: boolean;
}

/** The VPS page header of both generations: hostname edit, Reboot, power switch, console, specs. */
export function ServerHeader(props: ServerHeaderProps) {
  const { actionsDisabled } = props;
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start" gap="md">
        <HostnameEditor
          hostname={props.hostname}
          onSave={props.onHostnameSave}
          saving={props.hostnameSaving}
          disabled={actionsDisabled}
        />
        <Group gap="md" wrap="wrap">
          <PowerControls {...props.power} disabled={actionsDisabled} />
          {props.onConsole ? (
            <Button
              variant="default"
              leftSection={<IconTerminal2 size={16} aria-hidden="true" />}
              onClick={props.onConsole}
              loading={props.consoleOpening}
              disabled={actionsDisabled}
            >
              VNC Console
            </Button>
          ) : null}
        </Group>
      </Group>
      <Group component="ul" gap="xs" aria-label="Specifications" m={0} p={0} style={{ listStyle: 'none' }}>
        {props.specs.map((spec, index) => (
          <Text component="li" key={index} c="dimmed" size="sm">
            {spec}
            {/* After the item, so that a wrapped line never starts with a separator. */}
            {index < props.specs.length - 1 ? (
              <Text span aria-hidden="true" ml="xs">
                ·
              </Text>
            ) : null}
          </Text>
        ))}
      </Group>
    </Stack>
  );
}
