import type { Vps2Detail } from '@rackdesk/contract';
import { ServerHeader } from '../../../features/vps/components/server-header.tsx';
import { usePowerControls } from '../../../features/vps/hooks/use-power-controls.ts';
import { useChangeVps2Hostname } from '../../../features/vps2/api/change-hostname.ts';
import { useVps2Power } from '../../../features/vps2/api/power.ts';
import { vps2Specs } from '../../../features/vps2/utils/vps2-stats.ts';

interface Vps2HeaderProps {
  serviceId: number;
  vps: Vps2Detail;
  /** When the detail was read (client clock): power actions end on a later reading. */
  readAtMs: number;
  actionsDisabled: boolean;
}

/** The header both generations share (hostname, Reboot, power switch, specs), fed by VPS v2. */
export function Vps2Header({ serviceId, vps, readAtMs, actionsDisabled }: Vps2HeaderProps) {
  const hostname = useChangeVps2Hostname(serviceId);
  const power = useVps2Power(serviceId);
  const powerControls = usePowerControls(
    { isOn: vps.status === 'running', uptimeSeconds: vps.uptime, readAtMs },
    power,
  );

  return (
    <ServerHeader
      hostname={vps.hostname}
      onHostnameSave={(next) => hostname.mutateAsync(next)}
      hostnameSaving={hostname.isPending}
      power={powerControls}
      specs={vps2Specs(vps)}
      actionsDisabled={actionsDisabled}
    />
  );
}
