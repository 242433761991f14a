/**
 * Error codes and the spec's error texts, without zod, so the web app's bundle carries no schema
 * code for them (errors.ts adds the schema of an error body and re-exports these).
 */

/** Stable error codes carried in the `error` field of 403 bodies (API.md, "Error bodies"). */
export const ErrorCode = {
  permissionRequired: 'permission_required',
  mainAccountOnly: 'main_account_only',
  serviceAccessDenied: 'service_access_denied',
  accountClosed: 'account_closed',
  emailUnverified: 'email_unverified',
  subAccountResetNotAllowed: 'sub_account_reset_not_allowed',
  /** 409: a change to a server whose service is suspended (or otherwise not active). */
  serviceNotManageable: 'service_not_manageable',
  /** 403: credentials are managed from a signed-in session only, never with an API token. */
  sessionRequired: 'session_required',
  /** 403: a read-only API token asked for a change. */
  readOnlyToken: 'read_only_token',
  /** 403: a non-crypto gateway needs the profile details of portal spec §6 (`user_details_ok`). */
  userDetailsRequired: 'user_details_required',
  /** 400: the order was held by the fraud check for a manual review (portal spec §8). */
  fraudCheckFailed: 'fraud_check_failed',
  /** 409: fewer units left than ordered. */
  outOfStock: 'out_of_stock',
  /** 503: the payment gateway asked for is not configured on this server. */
  gatewayUnavailable: 'gateway_unavailable',
  /** 403: only support staff (users with the operator role) may call the operator API. */
  operatorOnly: 'operator_only',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const SERVICE_NOT_MANAGEABLE =
  'This service is suspended or not active, so the server cannot be changed.';

/** Texts the spec fixes for error situations shared by server and client. */
export const ErrorText = {
  tooManyAttempts: 'Too many attempts, please try again later.',
  unknown: 'An unknown error has occurred, please try again later.',
  mainAccountOnly: 'This feature is only available to main accounts.',
  serviceAccessDenied: 'You do not have access to this service. Please contact your account administrator.',
  permissionRequired: (permission: string) =>
    `You do not have permission to ${permission}. Please contact your account administrator.`,
  accountClosed: 'This account has been closed. Please contact support.',
  subAccountReset: 'Password reset is not available for sub-accounts. Please ask your account administrator.',
  invalidCredentials: 'These credentials do not match our records.',
  invalidTwoFactor: 'Invalid 2FA code.',
  invalidResetToken: 'This password reset link is invalid or has expired.',
  invalidVerifyToken: 'This verification link is invalid or has expired.',
  captchaRequired: 'Please complete the captcha',
  captchaFailed: 'The captcha could not be verified. Please try again.',
} as const;
