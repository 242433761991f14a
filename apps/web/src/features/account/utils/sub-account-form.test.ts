import { type SubAccount, SubAccountText } from '@rackdesk/contract';
import { describe, expect, it } from 'vitest';
import {
  grantedPermissions,
  serviceOptionLabel,
  servicesText,
  subAccountFieldMap,
  subAccountFormRules,
  subAccountFormValues,
  subAccountName,
  subAccountRequest,
} from './sub-account-form.ts';

const existing: SubAccount = {
  id: 7,
  firstname: 'Sam',
  lastname: 'Sub',
  email: 'sam@example.com',
  companyname: 'Example Ltd',
  permissions: { order: true, services: true, billing: false, support: false },
  service_whitelist: [3, 5],
  email_notifications: {
    generalemails: 0,
    invoiceemails: 1,
    productemails: 0,
    supportemails: 0,
    domainemails: 1,
  },
  created_at: '2026-11-01T10:00:00.000Z',
};

describe('subAccountFormValues', () => {
  it('starts a new sub-account with the defaults of §9: services and support, general, product and support mails, every service', () => {
    const values = subAccountFormValues();
    expect(values.permissions).toEqual({ order: false, services: true, billing: false, support: true });
    expect(values.notifications).toEqual({
      generalemails: true,
      invoiceemails: false,
      productemails: true,
      supportemails: true,
      domainemails: false,
    });
    expect(values.serviceScope).toBe('all');
    expect(values.serviceIds).toEqual([]);
    expect([values.firstname, values.email, values.password]).toEqual(['', '', '']);
  });

  it('fills the form from a sub-account, its password left empty', () => {
    const values = subAccountFormValues(existing);
    expect(values).toMatchObject({
      firstname: 'Sam',
      email: 'sam@example.com',
      companyname: 'Example Ltd',
      password: '',
      serviceScope: 'specific',
      serviceIds: ['3', '5'],
    });
    expect(values.notifications.invoiceemails).toBe(true);
    expect(values.notifications.generalemails).toBe(false);
  });
});

describe('subAccountRequest', () => {
  it('sends mail choices as 1 or 0, every service as null and chosen ones as ids', () => {
    const values = { ...subAccountFormValues(existing), firstname: ' Sam ', password: 'a-new-password' };
    expect(subAccountRequest(values)).toEqual({
      firstname: 'Sam',
      lastname: 'Sub',
      email: 'sam@example.com',
      companyname: 'Example Ltd',
      password: 'a-new-password',
      permissions: existing.permissions,
      service_whitelist: [3, 5],
      email_notifications: existing.email_notifications,
    });
    expect(subAccountRequest({ ...values, serviceScope: 'all' }).service_whitelist).toBeNull();
  });
});

describe('subAccountFormRules', () => {
  const create = subAccountFormRules('create');
  const edit = subAccountFormRules('edit');
  const values = subAccountFormValues();

  it('wants a first name, a last name and a valid e-mail', () => {
    expect(create.firstname(' ')).toBe(SubAccountText.firstnameRequired);
    expect(create.lastname('')).toBe(SubAccountText.lastnameRequired);
    expect(create.email('')).toBe('The email field is required.');
    expect(create.email('not-an-address')).toBe('The email must be a valid email address.');
    expect(create.email('sam@example.com')).toBeNull();
  });

  it('wants a password of at least 8 characters on create, and lets an empty one keep the current on edit', () => {
    expect(create.password('')).not.toBeNull();
    expect(create.password('short')).toBe(SubAccountText.passwordTooShort);
    expect(create.password('long-enough')).toBeNull();
    expect(edit.password('')).toBeNull();
    expect(edit.password('short')).toBe(SubAccountText.passwordTooShort);
  });

  it("wants at least one service when specific services are chosen ('Please select at least one service')", () => {
    expect(create.serviceIds([], { ...values, serviceScope: 'specific' })).toBe(
      'Please select at least one service',
    );
    expect(create.serviceIds(['3'], { ...values, serviceScope: 'specific' })).toBeNull();
    expect(create.serviceIds([], { ...values, serviceScope: 'all' })).toBeNull();
  });

  it('places the server’s refusal of the services under the services field', () => {
    expect(subAccountFieldMap.service_whitelist).toBe('serviceIds');
    expect(subAccountFieldMap.email).toBe('email');
  });
});

describe('the list’s texts', () => {
  it('names a sub-account by first and last name', () => {
    expect(subAccountName(existing)).toBe('Sam Sub');
    expect(subAccountName({ firstname: 'Sam', lastname: '' })).toBe('Sam');
  });

  it('names the granted permissions in the form’s order', () => {
    expect(grantedPermissions({ order: false, services: true, billing: true, support: true })).toEqual([
      'Services',
      'Billing',
      'Support',
    ]);
    expect(grantedPermissions({ order: false, services: false, billing: false, support: false })).toEqual([]);
  });

  it("shows 'All services' or how many", () => {
    expect(servicesText(null)).toBe('All services');
    expect(servicesText([4])).toBe('1 service');
    expect(servicesText([4, 9])).toBe('2 services');
  });

  it('offers a service by domain and product, an inactive one with its status', () => {
    expect(serviceOptionLabel({ domain: 'web01.demo.example', name: 'VPS Small', status: 'Active' })).toBe(
      'web01.demo.example (VPS Small)',
    );
    expect(serviceOptionLabel({ domain: 'old.demo.example', name: 'VPS Small', status: 'Cancelled' })).toBe(
      'old.demo.example (VPS Small), Cancelled',
    );
    expect(serviceOptionLabel({ domain: '', name: 'Storage Block', status: 'Active' })).toBe('Storage Block');
  });
});
