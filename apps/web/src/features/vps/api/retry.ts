import { isApiError } from '../../../lib/api-client.ts';

/** A 4xx is an answer (not found, no access), not a hiccup: asking again would not change it. */
export const retryServerErrorsOnce = (failures: number, error: unknown) =>
  failures < 1 && !(isApiError(error) && error.status < 500);
