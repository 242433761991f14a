import { isInternalIp } from '@rackdesk/contract';
import { AppError } from '../../http/errors.ts';

/** Why an address may not be read or changed here, or null when it may. */
export type Refusal = (ip: string) => string | null;

export const notAssigned = (ip: string) => `The IP ${ip} is not assigned to this server.`;

/** Internal addresses (192.168.) keep the platform's record: their rDNS is read-only. */
export const internalRefusal: Refusal = (ip) =>
  isInternalIp(ip) ? `Reverse DNS cannot be set for the internal IP ${ip}.` : null;

/** Throws the 422 of the first refused address, keyed like the request field (`ip_list.N`). */
export function assertEvery(ips: readonly string[], refusal: Refusal) {
  ips.forEach((ip, index) => {
    const problem = refusal(ip);
    if (problem) throw AppError.invalid(`ip_list.${index}`, problem);
  });
}
