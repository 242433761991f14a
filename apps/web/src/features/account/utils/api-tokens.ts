import { type ApiToken, type ApiTokenScope, ApiTokenText } from '@rackdesk/contract';
import { formatDateTime } from '../../../lib/format-date-time.ts';

/** How the list and the create form name a token's scope. */
export const scopeLabels: Record<ApiTokenScope, string> = {
  read: 'Read only',
  full: 'Full access',
};

/** Whether the token's expiry has passed: the API refuses it from then on. */
export function isExpired(token: Pick<ApiToken, 'expires_at'>, now: Date = new Date()): boolean {
  return token.expires_at !== null && Date.parse(token.expires_at) <= now.getTime();
}

/** The Expires column: the moment, or 'Never' for a token without an expiry. */
export function expiryText(token: Pick<ApiToken, 'expires_at'>, timeZone?: string): string {
  return token.expires_at === null ? 'Never' : formatDateTime(token.expires_at, timeZone);
}

/** The Last Used column: when and from which address, or 'Never used'. */
export function lastUsedText(
  token: Pick<ApiToken, 'last_used_at' | 'last_used_ip'>,
  timeZone?: string,
): string {
  if (token.last_used_at === null) return 'Never used';
  const when = formatDateTime(token.last_used_at, timeZone);
  return token.last_used_ip ? `${when} from ${token.last_used_ip}` : when;
}

/** A local calendar day as the date input writes it: 'YYYY-MM-DD'. */
export function dateInputValue(day: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/**
 * The expiry of a token chosen as a day ('YYYY-MM-DD'): the end of that day where the user is,
 * so a token set to expire on the 31st still works all of the 31st. Undefined for no day.
 */
export function expiryFromDate(day: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const [, year, month, date] = match.map(Number) as [number, number, number, number];
  return new Date(year, month - 1, date, 23, 59, 59, 999).toISOString();
}

/** The form's check of the optional expiry day: empty, or today or later. */
export function expiryDateError(day: string, now: Date = new Date()): string | null {
  if (day === '') return null;
  const expiry = expiryFromDate(day);
  if (expiry === undefined) return 'Please enter a date.';
  return Date.parse(expiry) > now.getTime() ? null : ApiTokenText.expiryInPast;
}
