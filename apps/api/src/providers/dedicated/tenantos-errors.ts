import { AppError } from '../../http/errors.ts';
import type { UpstreamRequest, UpstreamResponse } from '../http-client.ts';
import { UpstreamError } from '../upstream-error.ts';
import { tenantosErrorSchema } from './tenantos-schemas.ts';

export const UPSTREAM = 'tenantos';

const describe = (request: UpstreamRequest) => `${request.method} ${request.path}`;

/**
 * What a Tenantos 4xx means to the panel. 404: the server (or what was asked of it) does not
 * exist. 409/422: Tenantos refused the request for a reason the customer can act on (a rebuild
 * already runs, a field is invalid, the BMC is resetting), so its message is passed on. Anything
 * else, including 401/403 (our API key is wrong or lacks rights), is the upstream failing us.
 */
export function errorOfAnswer(request: UpstreamRequest, response: UpstreamResponse): Error {
  const parsed = tenantosErrorSchema.safeParse(response.body);
  const message = parsed.success ? parsed.data.message : undefined;
  if (response.status === 404) return AppError.notFound(message ?? 'The server was not found.');
  if ((response.status === 409 || response.status === 422) && message) {
    return new AppError(response.status, message);
  }
  const reason = response.status === 401 || response.status === 403 ? 'refused our API key' : 'answered';
  return new UpstreamError(
    UPSTREAM,
    502,
    `${describe(request)} ${reason} ${response.status}: ${message ?? ''}`,
  );
}

export function unexpectedAnswer(request: UpstreamRequest, problem: string): UpstreamError {
  return new UpstreamError(UPSTREAM, 502, `${describe(request)} gave an unexpected answer: ${problem}`);
}
