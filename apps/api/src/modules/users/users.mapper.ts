import { requiredProfileFields, type User, withoutPlaceholder } from '@rackdesk/contract';
import type { UserRow } from '../../db/schema/index.ts';
import { centsToAmount } from '../../lib/dates.ts';
import { billingPhoneFormat } from '../../lib/phone-number.ts';

/**
 * `user_details_ok`: every field non-crypto payments need is filled (portal spec §6), a billing
 * system's placeholder counting as empty (portal spec §5).
 */
export function hasCompleteProfile(account: UserRow): boolean {
  return requiredProfileFields.every((field) => withoutPlaceholder(field, account[field]) !== '');
}

/**
 * The `GET user` shape. A sub-account acts for its owner: the billing-system fields are the
 * owner's, and `sub_account` carries the sub-account's own name, e-mail and rights.
 */
export function toUserDto(account: UserRow, login: UserRow = account): User {
  const isSubAccount = login.parentId !== null;
  const fullname = `${account.firstname} ${account.lastname}`.trim();
  return {
    id: account.id,
    email: account.email,
    email_verified: account.emailVerifiedAt !== null,
    user_details_ok: hasCompleteProfile(account),
    firstname: account.firstname,
    first_name: account.firstname,
    lastname: account.lastname,
    fullname,
    companyname: account.companyname,
    address1: account.address1,
    address2: account.address2,
    city: account.city,
    state: account.state,
    postcode: account.postcode,
    country: account.country,
    phonenumber: account.phonenumber,
    telephoneNumber: account.phonenumber,
    phonenumberformatted: billingPhoneFormat(account.phonenumber, account.country),
    currency_code: 'USD',
    defaultgateway: account.defaultGateway,
    credit: centsToAmount(account.creditCents),
    two_factor_method: login.twoFactorMethod,
    is_sub_account: isSubAccount,
    sub_account: isSubAccount
      ? {
          id: login.id,
          firstname: login.firstname,
          lastname: login.lastname,
          email: login.email,
          parsed_permissions: login.permissions ?? {
            order: false,
            services: false,
            billing: false,
            support: false,
          },
          service_whitelist: login.serviceWhitelist ?? null,
        }
      : null,
  };
}
