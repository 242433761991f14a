import {
  AccountText,
  type ProfileField,
  profileFields,
  type UserEditRequest,
  withoutPlaceholder,
} from '@rackdesk/contract';
import { readPhoneNumber } from '../../lib/phone-number.ts';

/** The account details as they are stored (users columns). */
export type ProfileValues = Record<ProfileField, string> & { defaultGateway?: string };

export type ProfileReading =
  { ok: true; values: ProfileValues } | { ok: false; field: 'phonenumber'; message: string };

/**
 * `PUT user/edit` as it is stored (portal spec §3, §5): trimmed, a billing system's placeholder
 * (NOT_SET, postcode 00000, phone +1.1111111111) stored as empty, the phone number read for the
 * country and kept in international form, the payment method as the default gateway. The
 * contract has already checked lengths, the country code and the gateway's name.
 */
export function readProfile(input: UserEditRequest): ProfileReading {
  const values = Object.fromEntries(
    profileFields.map((field) => [field, withoutPlaceholder(field, input[field])]),
  ) as ProfileValues;
  if (values.phonenumber !== '') {
    const phone = readPhoneNumber(values.phonenumber, values.country);
    if (!phone.valid) {
      const message =
        phone.reason === 'needs_country_code' ? AccountText.phoneNeedsCountryCode : AccountText.phoneInvalid;
      return { ok: false, field: 'phonenumber', message };
    }
    values.phonenumber = phone.international;
  }
  if (input.paymentmethod !== undefined) values.defaultGateway = input.paymentmethod;
  return { ok: true, values };
}
