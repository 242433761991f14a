/** An RFC 1123 label: letters, digits and inner hyphens, 1 to 63 characters. */
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const MAX_NAME_LENGTH = 253;

/**
 * A PTR target as it is stored: lower case, without the trailing dot, or '' (no record). Answers
 * undefined unless it is a host name of RFC 1123 labels, with at least two of them and a last one
 * that is not all digits (so that an address is not taken for a name). The trailing dot of an
 * absolute name may be given.
 */
export function normalizedHost(host: string): string | undefined {
  const name = host.trim().toLowerCase().replace(/\.$/, '');
  if (name === '') return host.trim() === '' ? '' : undefined;
  const labels = name.split('.');
  const last = labels.at(-1) ?? '';
  if (name.length > MAX_NAME_LENGTH || labels.length < 2 || /^\d+$/.test(last)) return undefined;
  return labels.every((label) => LABEL.test(label)) ? name : undefined;
}

/** The record content PowerDNS wants for a host: absolute, with its trailing dot. */
export const ptrContentOf = (host: string) => `${host}.`;

/** The host a PTR record names, as the panel shows it. */
export const hostOfPtrContent = (content: string) => content.trim().toLowerCase().replace(/\.$/, '');
