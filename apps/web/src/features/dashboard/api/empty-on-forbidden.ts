import { isApiError } from '../../../lib/api-client.ts';

/** Dashboard cards show an empty list for a 403 (servers spec §8) and an error for anything else. */
export async function emptyOnForbidden<T>(load: () => Promise<T[]>): Promise<T[]> {
  try {
    return await load();
  } catch (error) {
    if (isApiError(error) && error.status === 403) return [];
    throw error;
  }
}
