import { type ActHandler, type ActRequest, refused, withVps } from './acts.ts';
import { sha256 } from './hashing.ts';
import { settle } from './machine.ts';
import { powerStatus } from './power.ts';
import { dailyTraffic, formatMonth, type Month, monthOf, parseMonth, statsRows } from './samples.ts';
import { vpsInfo, vpsRow } from './vps-view.ts';

/** The simulated host that serves the VNC consoles. */
export const VNC_HOST = '198.51.100.10';
/** A console token stays valid this long, like the short-lived noVNC tokens of the panel. */
const VNC_TOKEN_TTL_S = 600;
const MB = 2 ** 20;

/** `act=listvs`: every VPS of the API user, by vpsid, and their power states. */
export const listvs: ActHandler = (request) => {
  const vs: Record<string, unknown> = {};
  const status: Record<string, number> = {};
  for (const vps of Object.values(request.state.vps)) {
    if (settle(vps, request.now)) request.changed = true;
    vs[vps.vpsid] = vpsRow(vps, request.now);
    status[vps.vpsid] = powerStatus(vps);
  }
  return { body: { vs, status } };
};

/** `act=vpsmanage&svs=`: the VPS and its live usage. */
export const vpsmanage: ActHandler = (request) =>
  withVps(request, (vps) => ({ body: { vpsid: String(vps.vpsid), info: vpsInfo(vps, request.now) } }));

/** `act=vnc&novnc=`: where the console listens and a short-lived token for the noVNC proxy. */
export const vnc: ActHandler = (request) =>
  withVps(request, (vps) => {
    const expires = Math.floor(request.now / 1000) + VNC_TOKEN_TTL_S;
    const token = sha256(`${vps.vpsid}:${vps.vncPassword}:${expires}`).slice(0, 32);
    return {
      body: {
        info: {
          ip: VNC_HOST,
          port: vps.vncPort,
          password: vps.vncPassword,
          virt: 'kvm',
          ...(request.query.novnc ? { novnc: 1, token, expires } : {}),
        },
      },
    };
  });

/** The month asked for by `show=YYYYMM`, the current one when absent. */
function requestedMonth(request: ActRequest): Month | undefined {
  const show = request.query.show;
  return show ? parseMonth(show) : monthOf(request.now);
}

/** `act=vps_stats&svs=&show=YYYYMM`: the month's five-minute usage rows. */
export const vpsStats: ActHandler = (request) =>
  withVps(request, (vps) => {
    const month = requestedMonth(request);
    if (!month) return refused({ show: 'The month must be given as YYYYMM' });
    return { body: { month: formatMonth(month), vps_stats: statsRows(vps, month, request.now) } };
  });

/** `act=bandwidth&svs=&show=YYYYMM`: the month's traffic per day, in MB, against the allowance. */
export const bandwidth: ActHandler = (request) =>
  withVps(request, (vps) => {
    const month = requestedMonth(request);
    if (!month) return refused({ show: 'The month must be given as YYYYMM' });
    const usage: Record<string, number> = {};
    const inbound: Record<string, number> = {};
    const outbound: Record<string, number> = {};
    let usedMb = 0;
    for (const [day, traffic] of dailyTraffic(vps, month, request.now)) {
      inbound[day] = Math.round(traffic.inBytes / MB);
      outbound[day] = Math.round(traffic.outBytes / MB);
      usage[day] = inbound[day] + outbound[day];
      usedMb += usage[day];
    }
    const limitMb = vps.bandwidthGb * 1024;
    return {
      body: {
        month: formatMonth(month),
        bandwidth: {
          limit: limitMb,
          used: usedMb,
          free: limitMb === 0 ? 0 : Math.max(0, limitMb - usedMb),
          limit_gb: vps.bandwidthGb,
          used_gb: Math.round((usedMb / 1024) * 100) / 100,
          percent: limitMb === 0 ? 0 : Math.round((usedMb / limitMb) * 10_000) / 100,
          usage,
          in: inbound,
          out: outbound,
        },
      },
    };
  });
