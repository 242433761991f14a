import {
  DEFAULT_PAYMENT_GATEWAY,
  isPaymentGateway,
  PAYMENT_GATEWAYS,
  type PaymentGateway,
  type ProfileField,
  profileFields,
  requiredProfileFields,
  type User,
  type UserEditBody,
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

/** The order the spec lists the gateways in (portal spec §2 Invoices). */
const gatewayOrder: readonly PaymentGateway[] = [
  'paypal',
  'stripe',
  'bitpaycheckout',
  'cryptomusgateway',
  'mailin',
];

/** The Default Payment Method choice: module names, shown by the gateways' display names. */
export const paymentMethodOptions = gatewayOrder.map((module) => ({
  value: module,
  label: PAYMENT_GATEWAYS[module],
}));

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
    paymentmethod: isPaymentGateway(user.defaultgateway) ? user.defaultgateway : DEFAULT_PAYMENT_GATEWAY,
  };
}

/**
 * `PUT user/edit`'s body: every field trimmed, a placeholder typed back in sent as empty, and the
 * payment method only when it is one the server knows.
 */
export function toUserEditRequest(values: AccountDetailsValues): UserEditBody {
  const profile = Object.fromEntries(
    profileFields.map((field) => [field, withoutPlaceholder(field, values[field])]),
  ) as Record<ProfileField, string>;
  const { paymentmethod } = values;
  return { ...profile, ...(isPaymentGateway(paymentmethod) ? { paymentmethod } : {}) };
}

/** The labels of the fields `user_details_ok` still needs, in the form's order. */
export function missingProfileFields(user: User): string[] {
  return requiredProfileFields
    .filter((field) => withoutPlaceholder(field, user[field]) === '')
    .map((field) => profileFieldLabels[field]);
}
