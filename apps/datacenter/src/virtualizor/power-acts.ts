import { type ActHandler, done, isAction, refused, withUnlockedVps, withVps } from './acts.ts';
import { beginPower, POWER_MS, powerActionNeeded, powerStatus } from './power.ts';
import { type PowerAction, scaledMs } from './state.ts';

const MESSAGES: Record<PowerAction, string> = {
  start: 'The VPS is being started',
  stop: 'The VPS is being stopped',
  restart: 'The VPS is being restarted',
  poweroff: 'The VPS is being powered off',
};

/**
 * `act=start|stop|restart|poweroff&svs=&do=1`. Without `do` the act only reports the power
 * status, which is how the SDK's status() reads it.
 */
export function powerAct(action: PowerAction): ActHandler {
  return (request) => {
    if (!isAction(request)) return withVps(request, (vps) => ({ body: { status: powerStatus(vps) } }));
    return withUnlockedVps(request, (vps) => {
      if (vps.pendingPower) {
        return refused({ busy: 'Another power action is still running on this VPS, please wait' });
      }
      if (powerActionNeeded(vps, action)) {
        beginPower(vps, action, request.now, scaledMs(request.ctx, POWER_MS[action]));
        request.changed = true;
      }
      return done(MESSAGES[action], { status: powerStatus(vps), vpsid: String(vps.vpsid) });
    });
  };
}
