import { timingSafeEqual } from 'node:crypto';
import type { Credentials } from '../context.ts';

/** The end-user API authenticates every call by the `apikey` and `apipass` query parameters. */
export function isAuthenticated(
  query: Record<string, string>,
  credentials: Credentials['virtualizor'],
): boolean {
  return same(query.apikey, credentials.apiKey) && same(query.apipass, credentials.apiPass);
}

/** The admin API (port 4085 on a real panel) by `adminapikey` and `adminapipass`. */
export function isAdmin(query: Record<string, string>, credentials: Credentials['virtualizor']): boolean {
  return (
    same(query.adminapikey, credentials.adminApiKey) && same(query.adminapipass, credentials.adminApiPass)
  );
}

function same(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
