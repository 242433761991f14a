import { AppError } from '../http/errors.ts';

export const UpstreamText = {
  unavailable: 'The server management system is not responding. Please try again in a few minutes.',
  timeout: 'The server management system took too long to answer. Please try again in a few minutes.',
} as const;

/**
 * A failure of an upstream platform. It reaches the client as 502 (the upstream failed or
 * refused) or 504 (it did not answer in time) with a message the UI can show as is; the
 * upstream's own answer goes to the log only, since it may name internals.
 */
export class UpstreamError extends AppError {
  constructor(
    readonly upstream: string,
    statusCode: 502 | 504,
    readonly detail: string,
    message: string = statusCode === 504 ? UpstreamText.timeout : UpstreamText.unavailable,
  ) {
    super(statusCode, message, { error: statusCode === 504 ? 'upstream_timeout' : 'upstream_error' });
    this.name = 'UpstreamError';
  }
}
