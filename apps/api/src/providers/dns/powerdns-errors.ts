import { AppError } from '../../http/errors.ts';
import type { UpstreamRequest, UpstreamResponse } from '../http-client.ts';
import { UpstreamError } from '../upstream-error.ts';
import { pdnsErrorSchema } from './powerdns-schemas.ts';

export const UPSTREAM = 'powerdns';

export const ReverseDnsText = {
  noReverseZone: 'This address has no reverse zone',
  refused: 'The DNS server refused this change',
} as const;

const describe = (request: UpstreamRequest) => `${request.method} ${request.path}`;

/** What a 4xx of one call means to the panel; what it leaves out is the DNS service failing us. */
export interface AnswerMeaning {
  /** A 404 of this call: the zone it names is gone. */
  notFound?: string;
  /** A 422 of this call refused what the customer asked for: the field to blame. */
  refusedField?: string;
}

/**
 * A PowerDNS refusal (`{"error": "…"}`) as the panel answers it. 404 of a zone call: the zone was
 * removed meanwhile. 422 of a change: PowerDNS would not take the record, so its reason is
 * passed on against the field. Anything else, including 401 (our API key is wrong), a 404 of
 * the server (our server id is wrong) and a 422 of a read (our query is wrong), is UpstreamError.
 */
export function errorOfAnswer(
  request: UpstreamRequest,
  response: UpstreamResponse,
  meaning: AnswerMeaning,
): Error {
  const message = pdnsErrorSchema.safeParse(response.body).data?.error;
  if (response.status === 404 && meaning.notFound) return AppError.notFound(meaning.notFound);
  if (response.status === 422 && meaning.refusedField) {
    return AppError.invalid(
      meaning.refusedField,
      `${ReverseDnsText.refused}: ${message ?? 'no reason given'}.`,
    );
  }
  const reason = response.status === 401 || response.status === 403 ? 'refused our API key' : 'answered';
  return new UpstreamError(
    UPSTREAM,
    502,
    `${describe(request)} ${reason} ${response.status}: ${message ?? ''}`,
  );
}

export function unexpectedAnswer(request: UpstreamRequest, problem: string): UpstreamError {
  return new UpstreamError(UPSTREAM, 502, `${describe(request)} gave an unexpected answer: ${problem}`);
}
