import { z } from 'zod';

export const subAccountPermissionNames = ['order', 'services', 'billing', 'support'] as const;
export type SubAccountPermission = (typeof subAccountPermissionNames)[number];

export const parsedPermissionsSchema = z.object({
  order: z.boolean(),
  services: z.boolean(),
  billing: z.boolean(),
  support: z.boolean(),
});
export type ParsedPermissions = z.infer<typeof parsedPermissionsSchema>;

export const subAccountInfoSchema = z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  parsed_permissions: parsedPermissionsSchema,
  /** null means every service of the owner; a list restricts to those ids. */
  service_whitelist: z.array(z.number().int()).nullable(),
});
export type SubAccountInfo = z.infer<typeof subAccountInfoSchema>;

export const twoFactorMethods = ['none', 'google_authenticator', 'email'] as const;
export type TwoFactorMethod = (typeof twoFactorMethods)[number];

/** The current user as `GET user` returns it (servers spec §3, portal spec §3). */
export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  email_verified: z.boolean(),
  user_details_ok: z.boolean(),
  firstname: z.string(),
  first_name: z.string(),
  lastname: z.string(),
  fullname: z.string(),
  companyname: z.string(),
  address1: z.string(),
  address2: z.string(),
  city: z.string(),
  state: z.string(),
  postcode: z.string(),
  country: z.string(),
  phonenumber: z.string(),
  telephoneNumber: z.string(),
  phonenumberformatted: z.string(),
  currency_code: z.literal('USD'),
  defaultgateway: z.string(),
  /** Account credit in USD, two decimals, as a string (billing-system shape). */
  credit: z.string(),
  two_factor_method: z.enum(twoFactorMethods),
  is_sub_account: z.boolean(),
  sub_account: subAccountInfoSchema.nullable(),
});
export type User = z.infer<typeof userSchema>;
