import { useEffect, useState } from 'react';
import {
  isTransitionOver,
  POWER_TRANSITION_TIMEOUT_MS,
  type PowerAction,
  type PowerReading,
  type PowerTransition,
} from '../utils/power-transition.ts';

/**
 * The power action under way on a server: begun when the platform accepts it, over when a later
 * reading of the server shows it done (or after the timeout). Both generations use it.
 */
export function usePowerTransition(reading: PowerReading | undefined) {
  const [transition, setTransition] = useState<PowerTransition | null>(null);
  const readAtMs = reading?.readAtMs;

  useEffect(() => {
    if (transition && isTransitionOver(transition, reading, Date.now())) setTransition(null);
    // A new reading is what can end it; the reading's other fields come with readAtMs.
  }, [transition, readAtMs]);

  useEffect(() => {
    if (!transition) return;
    const timer = setTimeout(() => setTransition(null), POWER_TRANSITION_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [transition]);

  return {
    transition,
    begin: (action: PowerAction) => setTransition({ action, startedAtMs: Date.now() }),
  };
}
