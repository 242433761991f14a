import type { VpsDetail } from '@rackdesk/contract';
import { formatMemoryMb } from '../../../lib/units.ts';
import { useChangeVpsHostname } from '../api/change-hostname.ts';
import { useOpenVpsConsole } from '../api/console.ts';
import { useVpsPower } from '../api/power.ts';
import { usePowerControls } from '../hooks/use-power-controls.ts';
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
  const powerControls = usePowerControls(
    { isOn: vps.vm_status.status === 1, uptimeSeconds: vps.vm_status.uptime, readAtMs },
    power,
  );

  return (
    <ServerHeader
      hostname={vps.hostname}
      onHostnameSave={(next) => hostname.mutateAsync(next)}
      hostnameSaving={hostname.isPending}
      power={powerControls}
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
