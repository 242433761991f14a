import { z } from 'zod';
import { loginCodeSchema, twoFactorCodeSchema } from './auth.ts';
import { twoFactorMethods } from './user.ts';

export { RECOVERY_CODE_COUNT, RECOVERY_CODE_PATTERN } from './constants.ts';

/**
 * Two-factor authentication on the Security tab (portal spec §3 "2FA method", §4, §8; API.md):
 * `GET 2fa`, `POST 2fa {method, current_code?}`, `POST 2fa/confirm {code}`, `POST 2fa/email-code`,
 * and, beyond the spec, recovery codes (`POST 2fa/recovery-codes {code}`).
 *
 * The flow: choosing google_authenticator answers a QR code (and the secret, for typing), choosing
 * email mails a code; either is pending until `2fa/confirm` gets a valid code of the new method.
 * Leaving a method (for another one or for none) needs a valid code of the current one first
 * (`current_code`; for the email method `2fa/email-code` mails one), or one of the recovery codes
 * when the second factor is lost. A choice waits ten minutes for its code; a newer choice
 * replaces it. Turning 2FA on from none answers ten recovery codes, shown once.
 */

export const TwoFactorText = {
  invalidCode: 'Invalid 2FA code.',
  fetchFailed: 'Failed to fetch 2FA settings.',
  methodRequired: 'Please select a 2FA method.',
  sameMethod: 'You are already using this 2FA method.',
  currentCodeRequired: 'Enter the code of your current 2FA method to change it.',
  codeRequired: 'Enter the 6-digit code of your 2FA method.',
  noPendingChange: 'There is no 2FA change to confirm. Choose a method first.',
  scanQrCode: 'Scan the QR code with your authenticator app, then enter the 6-digit code it shows.',
  emailCodeSent: 'We sent a 6-digit code to your e-mail address.',
  enabled: 'Two-factor authentication is on.',
  disabled: 'Two-factor authentication is off.',
  emailCodeNotUsed: 'Your 2FA method does not use e-mailed codes.',
  notEnabled: 'Turn on two-factor authentication first.',
  recoveryCodesNotice:
    'Keep these recovery codes somewhere safe. Each one signs you in once if you lose your second factor.',
} as const;

/** `GET 2fa`. */
export const twoFactorStatusResponseSchema = z.object({
  method: z.enum(twoFactorMethods),
  /** A method chosen and waiting for its confirming code, or null. */
  pending_method: z.enum(twoFactorMethods).nullable(),
  /** Unused recovery codes left; 0 when 2FA is off. */
  recovery_codes_left: z.number().int(),
});
export type TwoFactorStatusResponse = z.infer<typeof twoFactorStatusResponseSchema>;

/** `POST 2fa`. */
export const twoFactorChangeRequestSchema = z.object({
  method: z.enum(twoFactorMethods, { error: TwoFactorText.methodRequired }),
  /** The current method's 6-digit code, or a recovery code. */
  current_code: loginCodeSchema.optional(),
});
export type TwoFactorChangeRequest = z.infer<typeof twoFactorChangeRequestSchema>;
export const twoFactorChangeResponseSchema = z.object({
  message: z.string(),
  /** For google_authenticator: the QR code as a `data:image/png;base64,…` URL. */
  qr_code: z.string().optional(),
  /** For google_authenticator: the base32 secret, for typing into an app by hand. */
  secret: z.string().optional(),
});
export type TwoFactorChangeResponse = z.infer<typeof twoFactorChangeResponseSchema>;

/** `POST 2fa/confirm`. */
export const twoFactorConfirmRequestSchema = z.object({ code: twoFactorCodeSchema });
export const twoFactorConfirmResponseSchema = z.object({
  message: z.string(),
  method: z.enum(twoFactorMethods),
  /** When 2FA was off before: the new recovery codes, shown once. */
  recovery_codes: z.array(z.string()).optional(),
});
export type TwoFactorConfirmResponse = z.infer<typeof twoFactorConfirmResponseSchema>;

/** `POST 2fa/recovery-codes`: a new set replaces the old one, after a code of the current method. */
export const recoveryCodesRequestSchema = z.object({ code: twoFactorCodeSchema });
export const recoveryCodesResponseSchema = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponseSchema>;
