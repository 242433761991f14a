import { startPowerAction } from './power.ts';
import { findProfile, installKindOf, type ReinstallProfile } from './profiles.ts';
import type { InstallKind, InstallRecord, SimServer } from './state.ts';

interface Phase {
  /** Length at timeScale 1. */
  seconds: number;
  /** Progress reached at the end of the phase. */
  percent: number;
  message: string;
  /** Early phases only touch the boot loader, so stopping there leaves the old system intact. */
  cancellable: boolean;
}

const PHASES: Record<InstallKind, readonly Phase[]> = {
  install: [
    { seconds: 30, percent: 5, message: 'Rebooting the server into the installer', cancellable: true },
    { seconds: 45, percent: 12, message: 'Partitioning disks', cancellable: true },
    { seconds: 150, percent: 65, message: 'Installing the base system', cancellable: false },
    {
      seconds: 75,
      percent: 88,
      message: 'Installing packages and configuring the system',
      cancellable: false,
    },
    { seconds: 30, percent: 96, message: 'Setting the root password and the network', cancellable: false },
    { seconds: 30, percent: 100, message: 'Rebooting into the installed system', cancellable: false },
  ],
  rescue: [
    { seconds: 30, percent: 30, message: 'Rebooting the server into the rescue system', cancellable: true },
    { seconds: 60, percent: 100, message: 'Loading the rescue system', cancellable: false },
  ],
  passwordReset: [
    { seconds: 30, percent: 30, message: 'Rebooting into the password reset system', cancellable: true },
    { seconds: 45, percent: 75, message: 'Resetting the root password', cancellable: false },
    { seconds: 45, percent: 100, message: 'Rebooting into the installed system', cancellable: false },
  ],
};

const DONE_MESSAGE: Record<InstallKind, string> = {
  install: 'Installation completed',
  rescue: 'Rescue system is ready',
  passwordReset: 'Root password has been reset',
};
const CANCELLED_MESSAGE = 'Reinstallation cancelled';

/** Total length of an operation at timeScale 1, in seconds. */
export function totalSeconds(kind: InstallKind): number {
  return PHASES[kind].reduce((sum, phase) => sum + phase.seconds, 0);
}

/** Where an operation stands `elapsedSeconds` (at timeScale 1) after it started. */
function progressAt(kind: InstallKind, elapsedSeconds: number) {
  let phaseStart = 0;
  let percentBefore = 0;
  for (const [index, phase] of PHASES[kind].entries()) {
    if (elapsedSeconds < phaseStart + phase.seconds) {
      const fraction = (elapsedSeconds - phaseStart) / phase.seconds;
      const percent = Math.floor(percentBefore + (phase.percent - percentBefore) * fraction);
      return { phase, phaseStart, percent, step: index + 1 };
    }
    phaseStart += phase.seconds;
    percentBefore = phase.percent;
  }
  return undefined;
}

/** The progress details the panel shows, beside Tenantos's documented fields. */
interface ProgressDetails {
  active: boolean;
  percent: number;
  message: string;
  /** Epoch seconds of the last change of message; null when nothing ever ran. */
  update_time: number | null;
  cancellable: boolean;
}

/**
 * The answer of `provisioning/getInstallStatus`: the documented `running`, `completed`,
 * `canCancelInstallation`, `step` (1-based, 0 before anything ran) and `installProgress` (the
 * steps reached so far), plus the progress details.
 */
export type InstallStatus = ProgressDetails & {
  running: 0 | 1;
  completed: 0 | 1;
  canCancelInstallation: 0 | 1;
  step: number;
  installProgress: { step: number; message: string; percent: number }[];
};

const toSeconds = (ms: number) => Math.floor(ms / 1000);
const elapsedSeconds = (install: InstallRecord, at: number) =>
  (at - install.startedAt) / 1000 / install.scale;
const flag = (value: boolean) => (value ? 1 : 0);

function withSteps(
  details: ProgressDetails,
  kind: InstallKind | undefined,
  step: number,
  completed: boolean,
) {
  const installProgress = (kind ? PHASES[kind] : [])
    .slice(0, step)
    .map((phase, index) => ({ step: index + 1, message: phase.message, percent: phase.percent }));
  return {
    ...details,
    running: flag(details.active),
    completed: flag(completed),
    canCancelInstallation: flag(details.cancellable),
    step,
    installProgress,
  } satisfies InstallStatus;
}

/** Status of the server's latest operation; call after `settleInstall`. */
export function installStatus(server: SimServer, now: number): InstallStatus {
  const install = server.install;
  const idle = { active: false, percent: 0, message: '', update_time: null, cancellable: false };
  if (!install) return withSteps(idle, undefined, 0, false);
  const steps = PHASES[install.kind].length;
  if (install.finishedAt !== null) {
    const message = DONE_MESSAGE[install.kind];
    const done = { ...idle, percent: 100, message, update_time: toSeconds(install.finishedAt) };
    return withSteps(done, install.kind, steps, true);
  }
  if (install.stoppedAt !== null) {
    const progress = progressAt(install.kind, elapsedSeconds(install, install.stoppedAt));
    const update_time = toSeconds(install.stoppedAt);
    const stopped = { ...idle, percent: progress?.percent ?? 0, message: CANCELLED_MESSAGE, update_time };
    return withSteps(stopped, install.kind, progress?.step ?? 0, false);
  }
  const progress = progressAt(install.kind, elapsedSeconds(install, now));
  if (!progress) return withSteps({ ...idle, percent: 100 }, install.kind, steps, true);
  const running = {
    active: true,
    percent: progress.percent,
    message: progress.phase.message,
    update_time: toSeconds(install.startedAt + progress.phaseStart * 1000 * install.scale),
    cancellable: progress.phase.cancellable,
  };
  return withSteps(running, install.kind, progress.step, false);
}

export function isInstallRunning(server: SimServer): boolean {
  const install = server.install;
  return install !== null && install.finishedAt === null && install.stoppedAt === null;
}

/** Completes an operation whose time is up: the new system is installed and running. */
export function settleInstall(server: SimServer, now: number): boolean {
  const install = server.install;
  if (!install || !isInstallRunning(server)) return false;
  const finishedAt = install.startedAt + totalSeconds(install.kind) * 1000 * install.scale;
  if (now < finishedAt) return false;
  install.finishedAt = finishedAt;
  const profile = findProfile(install.profileId);
  if (install.kind === 'install' && profile) server.os = profile.name;
  server.power = { state: 'on', transition: null, offSince: null };
  return true;
}

export interface ReinstallRequest {
  profileId: number;
  disklayoutId?: number | undefined;
  rootpassword?: string | undefined;
  hostname?: string | undefined;
  sshkeys?: string[] | undefined;
}

export interface ReinstallProblem {
  /** 'busy': another operation runs; 'invalid': a field is wrong. */
  kind: 'busy' | 'invalid';
  field: string;
  message: string;
}

/** Checks a reinstall request the way the upstream does. */
export function reinstallProblem(server: SimServer, request: ReinstallRequest): ReinstallProblem | undefined {
  const invalid = (field: string, message: string) => ({ kind: 'invalid' as const, field, message });
  if (isInstallRunning(server)) {
    return {
      kind: 'busy',
      field: 'profileId',
      message: 'A reinstallation is already running for this server.',
    };
  }
  const profile = findProfile(request.profileId);
  if (!profile) return invalid('profileId', 'The selected profile is invalid.');
  const layoutIds = profile.disklayouts.map((layout) => layout.id);
  if (request.disklayoutId !== undefined && !layoutIds.includes(request.disklayoutId)) {
    return invalid('disklayoutId', 'The selected disk layout is invalid for this profile.');
  }
  if (profile.features.set_root_password && !request.rootpassword) {
    return invalid('rootpassword', 'The rootpassword field is required.');
  }
  return undefined;
}

export function startInstall(
  server: SimServer,
  profile: ReinstallProfile,
  now: number,
  scale: number,
  request: Pick<ReinstallRequest, 'disklayoutId' | 'hostname' | 'sshkeys'> = {},
): void {
  server.install = {
    profileId: profile.id,
    kind: installKindOf(profile),
    startedAt: now,
    scale,
    stoppedAt: null,
    finishedAt: null,
    disklayoutId: request.disklayoutId ?? null,
    ...(request.hostname ? { hostname: request.hostname } : {}),
    ...(request.sshkeys?.length ? { sshKeys: request.sshkeys } : {}),
  };
  // The installer boots over the network, so the server restarts whatever state it was in.
  startPowerAction(server, 'reset', now, scale);
}

/** Stops a running operation while it is still cancellable. */
export function stopInstall(
  server: SimServer,
  now: number,
  scale: number,
): 'stopped' | 'notRunning' | 'tooLate' {
  const install = server.install;
  if (!install || !isInstallRunning(server)) return 'notRunning';
  if (!installStatus(server, now).cancellable) return 'tooLate';
  install.stoppedAt = now;
  // Back to booting from disk: the installed system comes up again.
  startPowerAction(server, 'reset', now, scale);
  return 'stopped';
}
