import {
  canResetBmc,
  type DedicatedOsTemplate,
  type DedicatedPowerAction,
  DedicatedPowerText,
  type DedicatedRebuildKind,
  type DedicatedRebuildRequest,
  DedicatedRebuildText,
  type DedicatedServer,
  dedicatedPasswordRange,
  isRescueTemplate,
} from '@rackdesk/contract';
import { AppError } from '../../http/errors.ts';

export interface CheckedRebuild {
  kind: DedicatedRebuildKind;
  request: DedicatedRebuildRequest;
}

/**
 * The server's own check of a reinstall or rescue request against the templates this server
 * offers (servers spec §5), so the upstream only ever sees a request it can carry out. The
 * password goes along only to templates that set one; a layout only when it is the template's.
 */
export function checkRebuild(templates: readonly DedicatedOsTemplate[], input: DedicatedRebuildRequest) {
  const template = templates.find((candidate) => candidate.id === input.template);
  if (!template) throw AppError.invalid('template', DedicatedRebuildText.templateUnknown);
  const kind: DedicatedRebuildKind = isRescueTemplate(template) ? 'rescue' : 'reinstall';

  if (input.disk_layout !== undefined && !template.disklayouts.some((l) => l.id === input.disk_layout)) {
    throw AppError.invalid('disk_layout', DedicatedRebuildText.diskLayoutUnknown);
  }

  const request: DedicatedRebuildRequest = { template: template.id };
  if (input.disk_layout !== undefined) request.disk_layout = input.disk_layout;
  if (template.features.set_root_password) {
    const password = input.password ?? '';
    if (password === '') throw AppError.invalid('password', DedicatedRebuildText.passwordRequired);
    const { min, max } = dedicatedPasswordRange(kind);
    if (password.length < min || password.length > max) {
      throw AppError.invalid('password', DedicatedRebuildText.passwordLength(kind));
    }
    request.password = password;
  }
  return { kind, request } satisfies CheckedRebuild;
}

/** Refuses a power action the server's power provider cannot carry out (Reset BMC: IPMI only). */
export function checkPowerAction(
  server: Pick<DedicatedServer, 'powerprovider'>,
  action: DedicatedPowerAction,
) {
  const provider = server.powerprovider;
  if (!provider) throw new AppError(422, DedicatedPowerText.noPowerProvider);
  if (action === 'resetBmc' && !canResetBmc(server)) {
    throw new AppError(422, DedicatedPowerText.resetBmcUnavailable);
  }
  if (!provider.supportedFeatures.includes(action)) throw new AppError(422, DedicatedPowerText.unsupported);
}

export function checkConsole(server: Pick<DedicatedServer, 'consoleprovider'>) {
  if (!server.consoleprovider) throw new AppError(422, DedicatedPowerText.noConsole);
}
