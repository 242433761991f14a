import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceItems, invoices, serviceCancellations } from '../src/db/schema/index.ts';
import { DemoProduct } from '../src/seed/catalog.ts';
import { bearer, createService, createUser, loginToken } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

describe('services and cancellations', () => {
  let t: TestApp;
  let token: string;
  let ownerId: number;
  beforeAll(async () => {
    t = await createTestApp();
    const owner = await createUser(t);
    ownerId = owner.id;
    token = await loginToken(t.app, owner.email, owner.password);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const detail = async (id: number) => (await call('GET', `/api/services/${id}`)).json().billing;
  const pendingCount = async (serviceId: number) =>
    (await t.database.db.select().from(serviceCancellations)).filter(
      (c) => c.serviceId === serviceId && c.status === 'pending',
    ).length;

  describe('GET services', () => {
    it('returns every field of the list shape, with the group name, invoice due and money as strings', async () => {
      const service = await createService(t, ownerId, {
        productId: DemoProduct.instantE3NewYork,
        domain: 'box.example',
        dedicatedIp: '203.0.113.5',
        recurringAmountCents: 8900,
        nextDueDate: '2030-02-01',
        configOptions: [{ id: 1, option: 'Bandwidth', type: 'dropdown', value: '10' }],
      });
      const [invoice] = await t.database.db
        .insert(invoices)
        .values({
          userId: ownerId,
          date: '2030-01-01',
          dueDate: '2030-02-01',
          status: 'Unpaid',
          totalCents: 8900,
        })
        .returning();
      await t.database.db
        .insert(invoiceItems)
        .values({ invoiceId: invoice!.id, serviceId: service.id, description: 'Server', amountCents: 8900 });

      const list = (await call('GET', '/api/services')).json();
      const item = list.products.product.find((p: { id: number }) => p.id === service.id);
      expect(item).toMatchObject({
        id: service.id,
        pid: DemoProduct.instantE3NewYork,
        name: 'Xeon E3-1230 v6',
        groupname: 'Instant Dedicated Servers - New York',
        domain: 'box.example',
        dedicatedip: '203.0.113.5',
        recurringamount: '89.00',
        billingcycle: 'Monthly',
        nextduedate: '2030-02-01',
        status: 'Active',
        invoice_id: invoice!.id,
        cancellation: null,
        configoptions: { configoption: [{ id: 1, option: 'Bandwidth', type: 'dropdown', value: '10' }] },
      });
      expect(list.totalresults).toBe(list.products.product.length);
    });

    it('shows 0000-00-00 for a service without a next due date', async () => {
      const service = await createService(t, ownerId, { nextDueDate: null, billingCycle: 'One Time' });
      expect((await detail(service.id)).nextduedate).toBe('0000-00-00');
    });
  });

  describe('GET services/{id}', () => {
    it('returns the billing detail with the suspension reason', async () => {
      const service = await createService(t, ownerId, {
        status: 'Suspended',
        suspensionReason: 'Abuse report',
      });
      expect(await detail(service.id)).toMatchObject({
        id: service.id,
        status: 'Suspended',
        suspensionreason: 'Abuse report',
      });
    });

    it('answers an unknown or malformed id with a 4xx and a message', async () => {
      const unknown = await call('GET', '/api/services/999999');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe('Service not found.');
      expect((await call('GET', '/api/services/abc')).statusCode).toBe(422);
      expect((await call('GET', '/api/services/-1')).statusCode).toBe(422);
      expect((await call('GET', '/api/services/99999999999999')).statusCode).toBe(422);
    });
  });

  describe('requesting a cancellation', () => {
    it('records the request, shows it in the detail and the list, and voids it', async () => {
      const service = await createService(t, ownerId);
      const requested = await call('POST', `/api/services/${service.id}/cancel`, {
        type: 'End of Billing Period',
        reason: '  Moving elsewhere  ',
      });
      expect(requested.statusCode).toBe(200);
      expect(requested.json()).toEqual({ message: 'Cancellation request submitted.' });
      const cancellation = (await detail(service.id)).cancellation;
      expect(cancellation).toMatchObject({ type: 'End of Billing Period', reason: 'Moving elsewhere' });
      expect(cancellation.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);

      const voided = await call('DELETE', `/api/services/${service.id}/cancel`);
      expect(voided.statusCode).toBe(200);
      expect(voided.json()).toEqual({ message: 'Cancellation request voided successfully.' });
      expect((await detail(service.id)).cancellation).toBeNull();
    });

    it('defaults the type to Immediate', async () => {
      const service = await createService(t, ownerId);
      expect((await call('POST', `/api/services/${service.id}/cancel`, { reason: 'Done' })).statusCode).toBe(
        200,
      );
      expect((await detail(service.id)).cancellation.type).toBe('Immediate');
    });

    it.each(['', '   ', '\n\t'])(
      'refuses an empty reason %j with the spec text and records nothing',
      async (reason) => {
        const service = await createService(t, ownerId);
        const response = await call('POST', `/api/services/${service.id}/cancel`, {
          type: 'Immediate',
          reason,
        });
        expect(response.statusCode).toBe(422);
        expect(response.json().errors.reason).toEqual(['Please provide a reason for cancellation.']);
        expect(await pendingCount(service.id)).toBe(0);
      },
    );

    it('refuses a missing reason, an unknown type and a missing body', async () => {
      const service = await createService(t, ownerId);
      expect(
        (await call('POST', `/api/services/${service.id}/cancel`, { type: 'Immediate' })).json().errors
          .reason,
      ).toEqual(['Please provide a reason for cancellation.']);
      const badType = await call('POST', `/api/services/${service.id}/cancel`, {
        type: 'Tomorrow',
        reason: 'x',
      });
      expect(badType.statusCode).toBe(422);
      expect(badType.json().errors.type).toEqual(['The type must be Immediate or End of Billing Period.']);
      const noBody = await t.app.inject({
        method: 'POST',
        url: `/api/services/${service.id}/cancel`,
        headers: bearer(token),
      });
      expect(noBody.statusCode).toBe(422);
      expect(await pendingCount(service.id)).toBe(0);
    });

    it('refuses a second request while one is pending, keeping one', async () => {
      const service = await createService(t, ownerId);
      expect((await call('POST', `/api/services/${service.id}/cancel`, { reason: 'first' })).statusCode).toBe(
        200,
      );
      const second = await call('POST', `/api/services/${service.id}/cancel`, { reason: 'second' });
      expect(second.statusCode).toBe(409);
      expect(second.json().message).toBe('A cancellation request is already pending for this service.');
      expect(await pendingCount(service.id)).toBe(1);
      expect((await detail(service.id)).cancellation.reason).toBe('first');
    });

    it('keeps one pending request when two arrive at once', async () => {
      const service = await createService(t, ownerId);
      const responses = await Promise.all(
        [1, 2, 3].map((n) => call('POST', `/api/services/${service.id}/cancel`, { reason: `race ${n}` })),
      );
      expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
      expect(await pendingCount(service.id)).toBe(1);
    });

    it.each(['Cancelled', 'Terminated', 'Fraud'] as const)('refuses a %s service', async (status) => {
      const service = await createService(t, ownerId, { status });
      const response = await call('POST', `/api/services/${service.id}/cancel`, { reason: 'x' });
      expect(response.statusCode).toBe(409);
      expect(await pendingCount(service.id)).toBe(0);
    });

    it.each(['Active', 'Pending', 'Suspended'] as const)('accepts a %s service', async (status) => {
      const service = await createService(t, ownerId, { status });
      expect((await call('POST', `/api/services/${service.id}/cancel`, { reason: 'x' })).statusCode).toBe(
        200,
      );
    });

    it('answers an unknown service with 404', async () => {
      expect((await call('POST', '/api/services/999999/cancel', { reason: 'x' })).statusCode).toBe(404);
      expect((await call('DELETE', '/api/services/999999/cancel')).statusCode).toBe(404);
    });
  });

  describe('voiding', () => {
    it('refuses when nothing is pending', async () => {
      const service = await createService(t, ownerId);
      const response = await call('DELETE', `/api/services/${service.id}/cancel`);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe('There is no pending cancellation request to void.');
    });

    it('is refused for a Pending service and leaves the request in place', async () => {
      const service = await createService(t, ownerId, { status: 'Pending' });
      await call('POST', `/api/services/${service.id}/cancel`, { reason: 'x' });
      expect((await call('DELETE', `/api/services/${service.id}/cancel`)).statusCode).toBe(409);
      expect(await pendingCount(service.id)).toBe(1);
    });

    it('works for a Suspended service', async () => {
      const service = await createService(t, ownerId, { status: 'Suspended' });
      await call('POST', `/api/services/${service.id}/cancel`, { reason: 'x' });
      expect((await call('DELETE', `/api/services/${service.id}/cancel`)).statusCode).toBe(200);
      expect(await pendingCount(service.id)).toBe(0);
    });
  });
});
