import { isApiError } from './api-client.ts';

/**
 * Retry rule of a page's main query: a 4xx is an answer (not found, no access), not a hiccup, so
 * asking again would not change it; a server or network failure is tried once more.
 */
export const retryServerErrorsOnce = (failures: number, error: unknown) =>
  failures < 1 && !(isApiError(error) && error.status < 500);
