import type { PowerControlsProps } from '../components/power-controls.tsx';
import { type PowerAction, type PowerReading, switchShowsOn } from '../utils/power-transition.ts';
import { usePowerTransition } from './use-power-transition.ts';

/** The power mutation of either generation: sends an action, says when the platform accepted it. */
interface PowerMutation {
  mutate: (action: PowerAction, options: { onSuccess: () => void }) => void;
  isPending: boolean;
}

/**
 * The header's power controls for a server read as `reading`: an action the platform accepts
 * begins a transition, and the switch shows where it is going until a later reading shows it done.
 */
export function usePowerControls(
  reading: PowerReading,
  power: PowerMutation,
): Omit<PowerControlsProps, 'disabled'> {
  const { transition, begin } = usePowerTransition(reading);
  const act = (action: PowerAction) => power.mutate(action, { onSuccess: () => begin(action) });
  return {
    switchOn: switchShowsOn(reading.isOn, transition),
    running: reading.isOn,
    transition: transition?.action ?? null,
    pending: power.isPending,
    onStart: () => act('start'),
    onPowerOff: () => act('powerOff'),
    onReboot: () => act('restart'),
  };
}
