import type { User } from '@rackdesk/contract';

/**
 * The 'Invoiced To' lines of an account (portal spec §2 Invoices): company, name, address, town,
 * country; empty details and the profile's placeholders (NOT_SET, 00000) left out.
 */
export function invoicedToLines(
  user: Pick<
    User,
    | 'companyname'
    | 'firstname'
    | 'lastname'
    | 'address1'
    | 'address2'
    | 'city'
    | 'state'
    | 'postcode'
    | 'country'
    | 'email'
  >,
): string[] {
  const real = (value: string) => (value === 'NOT_SET' || value === '00000' ? '' : value.trim());
  const join = (...parts: string[]) => parts.map(real).filter(Boolean).join(' ');
  return [
    real(user.companyname),
    join(user.firstname, user.lastname),
    real(user.address1),
    real(user.address2),
    [join(user.city), join(user.state, user.postcode)].filter(Boolean).join(', '),
    real(user.country),
    real(user.email),
  ].filter(Boolean);
}
