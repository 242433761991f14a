import { ErrorCode, OrderText } from '@rackdesk/contract';
import { isApiError } from '../../../lib/api-client.ts';

/** What the wizard does with a refused or failed `POST billing/order` (portal spec §4, §8). */
export type OrderFailure =
  /** 401: the session ended; the API client already sends the visitor to /login. */
  | { kind: 'signed-out' }
  /** 400: the fraud check held the order (fraudCheckPass false): step 4, Fraud Alert. */
  | { kind: 'fraud' }
  /** 403 user_details_required: the 'Add Required Info' dialog. */
  | { kind: 'details-required' }
  /** 403: an error toast, 'Your email address is not verified.' or the server's reason. */
  | { kind: 'toast'; message: string }
  /** 422: the server's message in the summary. */
  | { kind: 'summary'; message: string }
  /** Anything else: the product page at step 4, with what went wrong. */
  | { kind: 'failed'; message: string };

export function orderFailure(error: unknown): OrderFailure {
  if (!isApiError(error)) return { kind: 'failed', message: OrderText.productLoadFailed };
  const { status, code, message } = error;
  if (status === 401) return { kind: 'signed-out' };
  if (status === 400) return { kind: 'fraud' };
  if (status === 403) {
    if (code === ErrorCode.userDetailsRequired) return { kind: 'details-required' };
    if (code === ErrorCode.emailUnverified) return { kind: 'toast', message: OrderText.emailUnverified };
    return { kind: 'toast', message: message || OrderText.emailUnverified };
  }
  if (status === 422) return { kind: 'summary', message: message || OrderText.formHasErrors };
  // A server fault's body may be a proxy's page: only a refusal's own words are shown.
  if (status >= 500 || !message) return { kind: 'failed', message: OrderText.productLoadFailed };
  return { kind: 'failed', message };
}
