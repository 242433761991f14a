import { z } from 'zod';
import { newPassword, twoFactorCodeSchema } from './auth.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.ts';
import { isCountryCode } from './countries.ts';
import { idParam, singleLineText } from './input.ts';
import { isPaymentGateway } from './payment-gateways.ts';
import { userSchema } from './user.ts';

/**
 * The account pages (portal spec §2 Account, §3 User, §5, §8): account details, the password,
 * closing the account, and the signed-in sessions. 2FA, API tokens and sub-accounts have files of
 * their own.
 */

/** Texts of the account pages that server and client share (portal spec §5, §8). */
export const AccountText = {
  detailsSaved: 'Your account details have been updated successfully.',
  detailsRequired: 'Please update your account details first.',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
  passwordsDoNotMatch: 'New passwords do not match.',
  countryUnknown: 'Please choose a country from the list.',
  phoneInvalid: 'Please enter a valid phone number for the chosen country.',
  phoneNeedsCountryCode: 'Please enter the phone number with its country code, e.g. +1 212 555 0100.',
  paymentMethodUnknown: 'Please choose a payment method from the list.',
  currentPasswordWrong: 'The current password is incorrect.',
  passwordChanged: 'Your password has been changed. Other sessions have been signed out.',
  accountClosed: 'Your account has been closed.',
  passwordRequired: 'Please enter your password.',
  sessionRevoked: 'The session has been signed out.',
  otherSessionsRevoked: 'Every other session has been signed out.',
  sessionNotFound: 'The session was not found.',
  /** API tokens act for their owner but may not manage credentials (403 `session_required`). */
  sessionRequired: 'This can only be done from a signed-in session, not with an API token.',
  /** A read-only API token may not change anything (403 `read_only_token`). */
  readOnlyToken: 'This API token is read-only.',
} as const;

/**
 * Values the billing system puts in empty profile fields (portal spec §5): the account details
 * form sends them as empty, and the server treats them as empty when it decides `user_details_ok`.
 */
export const PROFILE_PLACEHOLDERS = {
  text: 'NOT_SET',
  postcode: '00000',
  phonenumber: '+1.1111111111',
} as const;

/** Whether a profile value is one of the billing system's placeholders (portal spec §5). */
export function isProfilePlaceholder(field: string, value: string): boolean {
  const trimmed = value.trim();
  if (trimmed === PROFILE_PLACEHOLDERS.text) return true;
  if (field === 'postcode') return trimmed === PROFILE_PLACEHOLDERS.postcode;
  if (field === 'phonenumber') return trimmed === PROFILE_PLACEHOLDERS.phonenumber;
  return false;
}

/** A profile value as it is saved: trimmed, and empty when it is a placeholder. */
export const withoutPlaceholder = (field: string, value: string) =>
  isProfilePlaceholder(field, value) ? '' : value.trim();

/** The profile fields of `PUT user/edit` (portal spec §3 "Account details"; e-mail is read-only). */
export const profileFields = [
  'firstname',
  'lastname',
  'companyname',
  'address1',
  'address2',
  'city',
  'state',
  'postcode',
  'country',
  'phonenumber',
] as const;
export type ProfileField = (typeof profileFields)[number];

/** The fields `user_details_ok` needs filled (company and the second address line are optional). */
export const requiredProfileFields = [
  'firstname',
  'lastname',
  'address1',
  'city',
  'state',
  'postcode',
  'country',
  'phonenumber',
] as const satisfies readonly ProfileField[];

const profileText = (max: number) =>
  singleLineText().max(max, `This field may not be greater than ${max} characters.`);

/**
 * `PUT user/edit`. Every field may be empty (placeholders count as empty); `country` is an ISO
 * 3166-1 alpha-2 code, `phonenumber` any way a person writes a number (the server stores it in
 * international form for the country); `paymentmethod` is the default gateway's module name.
 * The server decides `user_details_ok` from what it stores.
 */
export const userEditRequestSchema = z.object({
  firstname: profileText(100),
  lastname: profileText(100),
  companyname: profileText(200),
  address1: profileText(200),
  address2: profileText(200),
  city: profileText(100),
  state: profileText(100),
  postcode: profileText(20),
  country: singleLineText().refine((code) => code === '' || isCountryCode(code), AccountText.countryUnknown),
  phonenumber: profileText(40),
  paymentmethod: singleLineText()
    .max(64)
    .refine(isPaymentGateway, AccountText.paymentMethodUnknown)
    .optional(),
});
export type UserEditRequest = z.infer<typeof userEditRequestSchema>;
/** What a client sends to `PUT user/edit`, before the server checks the country and gateway. */
export type UserEditBody = z.input<typeof userEditRequestSchema>;
export const userEditResponseSchema = z.object({
  message: z.string(),
  user_details_ok: z.boolean(),
  user: userSchema,
});
export type UserEditResponse = z.infer<typeof userEditResponseSchema>;

/** `POST user/change-password` (API.md); `two_factor_code` is needed when 2FA is on. */
export const changePasswordRequestSchema = z
  .object({
    current_password: z
      .string({ error: 'Please enter your current password.' })
      .min(1, 'Please enter your current password.')
      .max(PASSWORD_MAX_LENGTH),
    new_password: newPassword(AccountText.passwordTooShort),
    new_password_confirmation: z.string({ error: AccountText.passwordsDoNotMatch }),
    two_factor_code: twoFactorCodeSchema.optional(),
  })
  .refine((body) => body.new_password === body.new_password_confirmation, {
    path: ['new_password_confirmation'],
    message: AccountText.passwordsDoNotMatch,
  });
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

/** `POST user/close` (owners only): closes the account after its password (and 2FA code when on). */
export const closeAccountRequestSchema = z.object({
  password: z
    .string({ error: AccountText.passwordRequired })
    .min(1, AccountText.passwordRequired)
    .max(PASSWORD_MAX_LENGTH),
  two_factor_code: twoFactorCodeSchema.optional(),
});
export type CloseAccountRequest = z.infer<typeof closeAccountRequestSchema>;

/** `DELETE sessions/{id}`: one of the caller's own sessions. */
export const sessionIdParamsSchema = z.object({ id: idParam(AccountText.sessionNotFound) });

/** One signed-in browser or client of the caller (`GET sessions`). */
export const accountSessionSchema = z.object({
  id: z.number().int(),
  /** From the user agent, e.g. 'Firefox 132'; 'Unknown browser' when it says nothing useful. */
  browser: z.string(),
  /** e.g. 'Windows 11', 'macOS', 'Android 14'; 'Unknown system' otherwise. */
  os: z.string(),
  ip_address: z.string(),
  /** ISO 8601. */
  created_at: z.string(),
  last_used_at: z.string(),
  /** The session making this request. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;
export const accountSessionListResponseSchema = z.object({ sessions: z.array(accountSessionSchema) });
export type AccountSessionListResponse = z.infer<typeof accountSessionListResponseSchema>;
