import { z } from 'zod';
import { newPassword, requiredEmail } from './auth.ts';
import { PASSWORD_MIN_LENGTH } from './constants.ts';
import { idNumber, idParam, singleLineText } from './input.ts';
import { parsedPermissionsSchema } from './user.ts';

/**
 * Sub-accounts (portal spec §3 "Sub-account", §5, §6, §9): `GET/POST sub-accounts`,
 * `PUT/DELETE sub-accounts/{id}`, for owners; creating one needs a verified e-mail address.
 * A change applies from the sub-account's next request; deleting one ends its sessions.
 */

export const SubAccountText = {
  firstnameRequired: 'The first name is required.',
  lastnameRequired: 'The last name is required.',
  passwordTooShort: `The password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  servicesRequired: 'Please select at least one service',
  unknownService: 'One or more of the selected services do not belong to this account.',
  emailTaken: 'The email has already been taken.',
  verifiedEmailRequired: 'Verify your e-mail address to create sub-accounts.',
  created: 'The sub-account has been created.',
  updated: 'The sub-account has been updated.',
  deleted: 'The sub-account has been deleted.',
  notFound: 'The sub-account was not found.',
} as const;

/** A sub-account's mail choices as the billing system stores them: 1 or 0 per kind (§3). */
export const emailNotificationsSchema = z.object({
  generalemails: z.union([z.literal(0), z.literal(1)]),
  invoiceemails: z.union([z.literal(0), z.literal(1)]),
  productemails: z.union([z.literal(0), z.literal(1)]),
  supportemails: z.union([z.literal(0), z.literal(1)]),
  domainemails: z.union([z.literal(0), z.literal(1)]),
});
export type EmailNotifications = z.infer<typeof emailNotificationsSchema>;

/** The defaults of a new sub-account (portal spec §9). */
export const SUB_ACCOUNT_DEFAULTS = {
  permissions: { order: false, services: true, billing: false, support: true },
  email_notifications: {
    generalemails: 1,
    invoiceemails: 0,
    productemails: 1,
    supportemails: 1,
    domainemails: 0,
  },
  service_whitelist: null,
} as const satisfies {
  permissions: z.infer<typeof parsedPermissionsSchema>;
  email_notifications: EmailNotifications;
  service_whitelist: null;
};

export const subAccountSchema = z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  companyname: z.string(),
  permissions: parsedPermissionsSchema,
  /** null: every service of the owner; otherwise these service ids. */
  service_whitelist: z.array(z.number().int()).nullable(),
  email_notifications: emailNotificationsSchema,
  /** ISO 8601. */
  created_at: z.string(),
});
export type SubAccount = z.infer<typeof subAccountSchema>;
export const subAccountListResponseSchema = z.object({ sub_accounts: z.array(subAccountSchema) });
export type SubAccountListResponse = z.infer<typeof subAccountListResponseSchema>;

const subAccountFields = {
  firstname: singleLineText({ error: SubAccountText.firstnameRequired })
    .trim()
    .min(1, SubAccountText.firstnameRequired)
    .max(100),
  lastname: singleLineText({ error: SubAccountText.lastnameRequired })
    .trim()
    .min(1, SubAccountText.lastnameRequired)
    .max(100),
  email: requiredEmail(),
  companyname: singleLineText().trim().max(200).default(''),
  permissions: parsedPermissionsSchema,
  service_whitelist: z
    .array(idNumber(SubAccountText.unknownService), { error: SubAccountText.servicesRequired })
    .min(1, SubAccountText.servicesRequired)
    .max(1000)
    .nullable(),
  email_notifications: emailNotificationsSchema,
};

/** `POST sub-accounts`: the password is required. */
export const subAccountCreateRequestSchema = z.object({
  ...subAccountFields,
  password: newPassword(SubAccountText.passwordTooShort),
});
export type SubAccountCreateRequest = z.input<typeof subAccountCreateRequestSchema>;

/** `PUT sub-accounts/{id}`: an absent or empty password keeps the current one. */
export const subAccountUpdateRequestSchema = z.object({
  ...subAccountFields,
  password: z
    .union([z.literal(''), newPassword(SubAccountText.passwordTooShort)])
    .optional()
    .transform((password) => (password === '' ? undefined : password)),
});
export type SubAccountUpdateRequest = z.input<typeof subAccountUpdateRequestSchema>;

export const subAccountResponseSchema = z.object({ message: z.string(), sub_account: subAccountSchema });
export type SubAccountResponse = z.infer<typeof subAccountResponseSchema>;

export const subAccountIdParamsSchema = z.object({ id: idParam(SubAccountText.notFound) });
