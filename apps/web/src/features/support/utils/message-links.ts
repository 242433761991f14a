import type { Opts } from 'linkifyjs';

/** The only kinds of address a message may link to; anything else stays text. */
const allowedProtocols = new Set(['http:', 'https:', 'mailto:']);
const explicitScheme = /^([a-z][a-z\d+.-]*):/i;

/**
 * Whether a link found in a message may become a link: a scheme written out must be http, https
 * or mailto (never javascript:, data:, vbscript: or file:); a bare host ('example.com/page') or
 * e-mail address gets https or mailto from linkify.
 */
export function isSafeLinkTarget(value: string): boolean {
  const scheme = explicitScheme.exec(value.trim());
  if (!scheme) return true;
  return allowedProtocols.has(`${scheme[1]!.toLowerCase()}:`);
}

/**
 * How message links open: in a new tab that gets no handle on the panel (noopener), no referrer
 * carrying the ticket's address, and no endorsement for search engines (nofollow).
 */
export const messageLinkOptions: Opts = {
  defaultProtocol: 'https',
  target: '_blank',
  rel: 'noopener noreferrer nofollow',
  validate: (value: string) => isSafeLinkTarget(value),
};
