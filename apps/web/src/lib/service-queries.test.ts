import { EventName } from '@rackdesk/contract';
import { describe, expect, it } from 'vitest';
import { invoiceListsKey } from './invoice-list-key.ts';
import { serviceListQueryKey, serviceQueryKey, staleQueriesOf } from './service-queries.ts';

describe('staleQueriesOf', () => {
  it('refreshes the service and the service list on any service event', () => {
    expect(staleQueriesOf({ name: EventName.serverPower, data: { serviceId: 7, status: 'on' } })).toEqual([
      serviceQueryKey(7),
      serviceListQueryKey,
    ]);
  });

  it('also refreshes the invoice lists (the dashboard card) when a service was set up after payment', () => {
    expect(staleQueriesOf({ name: EventName.serviceProvisioned, data: { serviceId: 9 } })).toEqual([
      serviceQueryKey(9),
      serviceListQueryKey,
      invoiceListsKey,
    ]);
  });

  it('ignores events about no service', () => {
    expect(staleQueriesOf({ name: EventName.emailVerified, data: { email_verified: true } })).toEqual([]);
  });
});
