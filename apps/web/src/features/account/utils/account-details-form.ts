import {
  DEFAULT_PAYMENT_GATEWAY,
  type ProfileField,
  paymentGateways,
  profileFields,
  requiredProfileFields,
  type User,
  type UserEditRequest,
  withoutPlaceholder,
} from '@rackdesk/contract';

export type AccountDetailsValues = Record<ProfileField, string> & { paymentmethod: string };

/** The form's label of each profile field (portal spec §3 "Account details"). */
export const profileFieldLabels: Record<ProfileField, string> = {
  firstname: 'First Name',
  lastname: 'Last Name',
  companyname: 'Company Name',
  address1: 'Address 1',
  address2: 'Address 2',
  city: 'City',
  state: 'State',
  postcode: 'Postcode',
  country: 'Country',
  phonenumber: 'Phone Number',
};

/** The Default Payment Method choice: module names, shown by the gateways' display names. */
export const paymentMethodOptions = paymentGateways.map(({ module, displayname }) => ({
  value: module,
  label: displayname,
}));

const knownGateway = (module: string) => paymentGateways.some((gateway) => gateway.module === module);

/**
 * The form's values for a user: the billing system's placeholders (portal spec §5) shown as
 * empty, the phone number as the server formats it, and the default gateway (stripe when the
 * account names none the form offers).
 */
export function accountDetailsValues(user: User): AccountDetailsValues {
  const values = Object.fromEntries(
    profileFields.map((field) => [field, withoutPlaceholder(field, user[field])]),
  ) as Record<ProfileField, string>;
  if (values.phonenumber !== '') values.phonenumber = user.phonenumberformatted.trim() || values.phonenumber;
  return {
    ...values,
    paymentmethod: knownGateway(user.defaultgateway) ? user.defaultgateway : DEFAULT_PAYMENT_GATEWAY,
  };
}

/** `PUT user/edit`'s body: every field trimmed, a placeholder typed back in sent as empty. */
export function toUserEditRequest(values: AccountDetailsValues): UserEditRequest {
  const profile = Object.fromEntries(
    profileFields.map((field) => [field, withoutPlaceholder(field, values[field])]),
  ) as Record<ProfileField, string>;
  return { ...profile, paymentmethod: values.paymentmethod };
}

/** The labels of the fields `user_details_ok` still needs, in the form's order. */
export function missingProfileFields(user: User): string[] {
  return requiredProfileFields
    .filter((field) => withoutPlaceholder(field, user[field]) === '')
    .map((field) => profileFieldLabels[field]);
}
