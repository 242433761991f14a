import type { Opts } from 'linkifyjs';

/** The only kinds of address a message may link to; anything else stays text. */
const allowedProtocols = new Set(['http:', 'https:', 'mailto:']);
const explicitScheme = /^([a-z][a-z\d+.-]*):/i;

/**
 * Whether an address found in a message may become a link: one written with http, https or
 * mailto (never javascript:, data:, vbscript: or file:), or starting with 'www.'. Bare host names
 * stay text: tickets are full of them (mtr and traceroute lines, server names) and linkify would
 * link them by a guessed top-level domain ('edge1.nyc' of 'edge1.nyc.example').
 */
export function isSafeLinkTarget(value: string): boolean {
  const text = value.trim();
  const scheme = explicitScheme.exec(text);
  if (!scheme) return /^www\./i.test(text);
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
  // E-mail addresses become mailto: links; other links only as isSafeLinkTarget says.
  validate: { url: (value: string) => isSafeLinkTarget(value), email: true },
};
