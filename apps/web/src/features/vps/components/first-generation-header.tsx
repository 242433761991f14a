import type { VpsDetail } from '@rackdesk/contract';
import { formatMemoryMb } from '../../../lib/units.ts';
import { useChangeVpsHostname } from '../api/change-hostname.ts';
import { useOpenVpsConsole } from '../api/console.ts';
import { useVpsPower } from '../api/power.ts';
import { usePowerTransition } from '../hooks/use-power-transition.ts';
import { type PowerAction, switchShowsOn } from '../utils/power-transition.ts';
import { ServerHeader } from './server-header.tsx';

interface FirstGenerationHeaderProps {
  serviceId: number;
  vps: VpsDetail;
  /** When the detail was read (client clock): power actions end on a later reading. */
  readAtMs: number;
  actionsDisabled: boolean;
}

/** The shared header, fed by the first-generation API. */
export function FirstGenerationHeader({
  serviceId,
  vps,
  readAtMs,
  actionsDisabled,
}: FirstGenerationHeaderProps) {
  const hostname = useChangeVpsHostname(serviceId);
  const power = useVpsPower(serviceId);
  const vnc = useOpenVpsConsole(serviceId);
  const running = vps.vm_status.status === 1;
  const { transition, begin } = usePowerTransition({
    isOn: running,
    uptimeSeconds: vps.vm_status.uptime,
    readAtMs,
  });
  const act = (action: PowerAction) => power.mutate(action, { onSuccess: () => begin(action) });

  return (
    <ServerHeader
      hostname={vps.hostname}
      onHostnameSave={(next) => hostname.mutateAsync(next)}
      hostnameSaving={hostname.isPending}
      power={{
        switchOn: switchShowsOn(running, transition),
        running,
        transition: transition?.action ?? null,
        pending: power.isPending,
        onStart: () => act('start'),
        onPowerOff: () => act('powerOff'),
        onReboot: () => act('restart'),
      }}
      specs={[
        `${vps.cores} ${vps.cores === 1 ? 'Core' : 'Cores'}`,
        `${formatMemoryMb(vps.ram)} RAM`,
        `${vps.space} GB Disk`,
        vps.os_name || 'Unknown OS',
      ]}
      onConsole={() => vnc.mutate()}
      consoleOpening={vnc.isPending}
      actionsDisabled={actionsDisabled}
    />
  );
}
