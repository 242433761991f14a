import { AppError } from '../../http/errors.ts';
import { UpstreamError } from '../upstream-error.ts';

/** Virtualizor's form fields, by the name of the panel's field they come from (servers spec §7). */
const FIELDS: Record<string, string> = {
  newhost: 'hostname',
  newpass: 'password',
  conf: 'password_confirm',
  newos: 'osid',
  iso_url: 'url',
  filename: 'url',
  iso: 'iso',
  sec_iso: 'sec_iso',
  boot: 'order',
};

/**
 * Turns Virtualizor's `error` array (keyed by the field or reason) into the error the panel
 * answers: unknown VPS or ISO is 404, refused input is 422 on the spec's field, a locked or busy
 * VPS is 409. Anything else means the platform misbehaved: 502, with its words kept for the log.
 */
export function refusalError(act: string, errors: Record<string, string>): AppError {
  const entries = Object.entries(errors);
  for (const [key, message] of entries) {
    if (key === 'svs') return AppError.notFound('The VPS was not found.');
    if (key === 'del') return AppError.notFound('The ISO was not found.');
    if (key === 'locked') {
      return new AppError(409, 'The VPS is locked. Please wait until the current operation completes.', {
        error: 'vps_locked',
      });
    }
    if (key === 'busy') {
      return new AppError(409, 'Another power action is still running on this VPS. Please wait.', {
        error: 'vps_busy',
      });
    }
    const field = FIELDS[key];
    if (field) return AppError.invalid(field, message);
  }
  return new UpstreamError('virtualizor', 502, `act=${act} refused: ${JSON.stringify(errors).slice(0, 300)}`);
}
