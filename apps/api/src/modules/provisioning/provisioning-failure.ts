import { AppError } from '../../http/errors.ts';
import { UpstreamError } from '../../providers/upstream-error.ts';

/** A reason provisioning cannot go on, worded for the customer (shown on the service page). */
export class ProvisioningError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProvisioningError';
  }
}

const UNEXPECTED = 'Setting up the server failed unexpectedly.';

/**
 * What the service page says about a failed attempt. Platform failures keep their public message
 * (their upstream details go to the log only); anything unforeseen says so without internals.
 */
export function customerReason(error: unknown): string {
  if (error instanceof ProvisioningError || error instanceof UpstreamError) return error.message;
  if (error instanceof AppError && error.statusCode < 500) return error.message;
  return UNEXPECTED;
}

/** The mark of an ordered service's machine upstream: a VM description line, a server tag. */
export function serviceMark(serviceId: number): string {
  return `rackdesk-service-${serviceId}`;
}

export const SERVICE_MARK_PREFIX = 'rackdesk-service-';
