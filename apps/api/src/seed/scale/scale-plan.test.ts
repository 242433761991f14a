import { describe, expect, it } from 'vitest';
import { parseSizes } from './scale-options.ts';
import { ISSUE_SIZES, planScale, SMALL_ACCOUNT } from './scale-plan.ts';

describe('planScale', () => {
  it("splits the issue's sizes into the small account, the big one and everyone else, ids end to end", () => {
    const plan = planScale(ISSUE_SIZES);
    const [small, big, customers] = plan.groups;
    expect(small).toMatchObject({ firstUserId: 1, serviceCount: 5, invoiceCount: SMALL_ACCOUNT.invoices });
    expect(big).toMatchObject({
      firstUserId: 2,
      firstServiceId: 6,
      serviceCount: 5_000,
      invoiceCount: 20_000,
    });
    expect(customers).toMatchObject({
      firstUserId: 3,
      userCount: 99_998,
      firstServiceId: 5_006,
      serviceCount: 1_000_000 - 5_005,
      firstInvoiceId: 20_037,
      invoiceCount: 10_000_000 - 20_036,
      newOrderCount: Math.floor((1_000_000 - 5_005) * 0.003),
    });
    expect(plan.staffUserId).toBe(100_001);
    expect(plan.tickets).toBe(3 + 300 + 99_998 * 2);
  });

  it('refuses sizes the known accounts alone exceed, and more tickets than six digits number', () => {
    expect(() => planScale({ ...ISSUE_SIZES, services: 5_000 })).toThrow(/at least/);
    expect(() => planScale({ ...ISSUE_SIZES, ticketsPerCustomer: 10 })).toThrow(/six-digit/);
  });
});

describe('parseSizes', () => {
  it('reads digits only and keeps the defaults of flags not given', () => {
    expect(parseSizes({ services: '1000000' })).toMatchObject({ services: 1_000_000, bigServices: 5_000 });
    for (const bad of ['1e6', '-5', '10 ', '0x10', '']) {
      expect(() => parseSizes({ invoices: bad })).toThrow(/digits only/);
    }
  });
});
