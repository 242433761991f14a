import {
  type EmailNotifications,
  type ParsedPermissions,
  SUB_ACCOUNT_DEFAULTS,
  type SubAccount,
  type SubAccountCreateRequest,
  subAccountCreateRequestSchema,
  SubAccountText,
  type SubAccountUpdateRequest,
  subAccountUpdateRequestSchema,
} from '@rackdesk/contract';

export type SubAccountPermissionKey = keyof ParsedPermissions;
export type EmailNotificationKey = keyof EmailNotifications;

/** The four permissions (portal spec §3, §6), in the form's order. */
export const permissionLabels: Record<SubAccountPermissionKey, string> = {
  order: 'Order',
  services: 'Services',
  billing: 'Billing',
  support: 'Support',
};

/** The mail kinds a sub-account may receive (portal spec §3), in the form's order. */
export const notificationLabels: Record<EmailNotificationKey, string> = {
  generalemails: 'General',
  invoiceemails: 'Invoice',
  productemails: 'Product',
  supportemails: 'Support',
  domainemails: 'Domain',
};

export type ServiceScope = 'all' | 'specific';

export interface SubAccountFormValues {
  firstname: string;
  lastname: string;
  email: string;
  companyname: string;
  password: string;
  permissions: ParsedPermissions;
  serviceScope: ServiceScope;
  /** The chosen service ids, as the multi-select holds them. */
  serviceIds: string[];
  notifications: Record<EmailNotificationKey, boolean>;
}

const keysOf = <T extends object>(record: T) => Object.keys(record) as (keyof T)[];

/** The form for a new sub-account (the defaults of portal spec §9), or for editing `subAccount`. */
export function subAccountFormValues(subAccount?: SubAccount): SubAccountFormValues {
  const source = subAccount ?? SUB_ACCOUNT_DEFAULTS;
  const whitelist = source.service_whitelist;
  return {
    firstname: subAccount?.firstname ?? '',
    lastname: subAccount?.lastname ?? '',
    email: subAccount?.email ?? '',
    companyname: subAccount?.companyname ?? '',
    password: '',
    permissions: { ...source.permissions },
    serviceScope: whitelist === null ? 'all' : 'specific',
    serviceIds: (whitelist ?? []).map(String),
    notifications: Object.fromEntries(
      keysOf(notificationLabels).map((kind) => [kind, source.email_notifications[kind] === 1]),
    ) as Record<EmailNotificationKey, boolean>,
  };
}

/** The body of `POST sub-accounts` or `PUT sub-accounts/{id}`: flags as 1 or 0, null for every service. */
export function subAccountRequest(
  values: SubAccountFormValues,
): SubAccountCreateRequest & SubAccountUpdateRequest {
  return {
    firstname: values.firstname.trim(),
    lastname: values.lastname.trim(),
    email: values.email.trim(),
    companyname: values.companyname.trim(),
    password: values.password,
    permissions: values.permissions,
    service_whitelist: values.serviceScope === 'all' ? null : values.serviceIds.map(Number),
    email_notifications: Object.fromEntries(
      keysOf(notificationLabels).map((kind) => [kind, values.notifications[kind] ? 1 : 0]),
    ) as EmailNotifications,
  };
}

/** The first message the contract's rule gives for a value, or null when it passes. */
interface Rule {
  safeParse: (
    value: unknown,
  ) => { success: true } | { success: false; error: { issues: { message: string }[] } };
}

function ruleError(rule: Rule, value: unknown): string | null {
  const checked = rule.safeParse(value);
  return checked.success ? null : (checked.error.issues[0]?.message ?? null);
}

/**
 * The form's checks, the server's own rules from the contract: names and e-mail required, a
 * password of at least 8 characters on create (on edit, empty keeps the current one), at least
 * one service when specific services are chosen.
 */
export function subAccountFormRules(mode: 'create' | 'edit') {
  const fields = (mode === 'create' ? subAccountCreateRequestSchema : subAccountUpdateRequestSchema).shape;
  return {
    firstname: (value: string) => ruleError(fields.firstname, value),
    lastname: (value: string) => ruleError(fields.lastname, value),
    email: (value: string) => ruleError(fields.email, value),
    companyname: (value: string) => ruleError(fields.companyname, value),
    password: (value: string) => ruleError(fields.password, value),
    serviceIds: (value: string[], values: SubAccountFormValues) =>
      values.serviceScope === 'specific' && value.length === 0 ? SubAccountText.servicesRequired : null,
  };
}

/** Where the server's 422 field errors go in the form. */
export const subAccountFieldMap: Readonly<Record<string, string>> = {
  firstname: 'firstname',
  lastname: 'lastname',
  email: 'email',
  companyname: 'companyname',
  password: 'password',
  service_whitelist: 'serviceIds',
};

/** A sub-account's name as the list and the confirmations show it. */
export const subAccountName = (subAccount: Pick<SubAccount, 'firstname' | 'lastname'>) =>
  `${subAccount.firstname} ${subAccount.lastname}`.trim();

/** The permissions a sub-account holds, as the list's badges name them. */
export const grantedPermissions = (permissions: ParsedPermissions): string[] =>
  keysOf(permissionLabels)
    .filter((permission) => permissions[permission])
    .map((permission) => permissionLabels[permission]);

/** The list's Services column: 'All services' or how many it may use. */
export function servicesText(whitelist: readonly number[] | null): string {
  if (whitelist === null) return 'All services';
  return whitelist.length === 1 ? '1 service' : `${whitelist.length} services`;
}

/** A service as the multi-select offers it: by domain and product, inactive ones with their status. */
export function serviceOptionLabel(service: { domain: string; name: string; status: string }): string {
  const name = service.domain ? `${service.domain} (${service.name})` : service.name;
  return ['Active', 'Pending', 'Suspended'].includes(service.status) ? name : `${name}, ${service.status}`;
}
