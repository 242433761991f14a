import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { assessFraud, type FraudFacts } from './fraud-check.ts';

const config = (env: Record<string, string> = {}) =>
  loadConfig({
    APP_SECRET: 'x'.repeat(40),
    FRAUD_DISPOSABLE_DOMAINS: 'Throwaway.example, trash.test',
    ...env,
  }).fraud;

const honest: FraudFacts = {
  emails: ['jane@company.example'],
  accountOrdersLastHour: 0,
  addressOrdersLastHour: 0,
  hasPaidBefore: true,
  orderTotalCents: 2000,
  detailsComplete: true,
};

const rulesOf = (facts: Partial<FraudFacts>, env?: Record<string, string>) =>
  assessFraud({ ...honest, ...facts }, config(env)).hits.map((hit) => hit.rule);

describe('fraud check', () => {
  it('passes an ordinary order with no hits', () => {
    expect(assessFraud(honest, config())).toEqual({ score: 0, hits: [], held: false });
  });

  it('scores orders per account from the hourly limit on', () => {
    expect(rulesOf({ accountOrdersLastHour: 9 })).toEqual([]);
    expect(rulesOf({ accountOrdersLastHour: 10 })).toEqual(['account_velocity']);
    expect(rulesOf({ accountOrdersLastHour: 2 }, { FRAUD_ACCOUNT_ORDERS_PER_HOUR: '2' })).toEqual([
      'account_velocity',
    ]);
  });

  it('scores orders per address from the hourly limit on', () => {
    expect(rulesOf({ addressOrdersLastHour: 19 })).toEqual([]);
    expect(rulesOf({ addressOrdersLastHour: 20 })).toEqual(['address_velocity']);
  });

  it('scores a disposable domain and its subdomains, in any case, for any address of the order', () => {
    expect(rulesOf({ emails: ['a@throwaway.example'] })).toEqual(['disposable_email']);
    expect(rulesOf({ emails: ['a@mx.TRASH.test'] })).toEqual(['disposable_email']);
    expect(rulesOf({ emails: ['owner@company.example', 'sub@trash.test'] })).toEqual(['disposable_email']);
    expect(rulesOf({ emails: ['a@nottrash.test'] })).toEqual([]);
  });

  it('scores a first order above the limit, not a known customer’s', () => {
    expect(rulesOf({ hasPaidBefore: false, orderTotalCents: 100_000 })).toEqual([]);
    expect(rulesOf({ hasPaidBefore: false, orderTotalCents: 100_001 })).toEqual(['first_order_amount']);
    expect(rulesOf({ hasPaidBefore: true, orderTotalCents: 900_000 })).toEqual([]);
  });

  it('scores incomplete details', () => {
    expect(rulesOf({ detailsComplete: false })).toEqual(['incomplete_details']);
  });

  it('holds at the score limit: one weak signal passes, a throwaway mailbox or two signals hold', () => {
    const verdict = (facts: Partial<FraudFacts>) => assessFraud({ ...honest, ...facts }, config());
    expect(verdict({ detailsComplete: false })).toMatchObject({ score: 30, held: false });
    expect(verdict({ addressOrdersLastHour: 50 })).toMatchObject({ score: 40, held: false });
    expect(verdict({ emails: ['x@throwaway.example'] })).toMatchObject({ score: 100, held: true });
    expect(verdict({ hasPaidBefore: false, orderTotalCents: 500_000, detailsComplete: false })).toMatchObject(
      {
        score: 70,
        held: true,
      },
    );
    const both = verdict({ accountOrdersLastHour: 10, addressOrdersLastHour: 20 });
    expect(both.held).toBe(true);
    expect(both.hits).toEqual([
      {
        rule: 'account_velocity',
        score: 60,
        detail: '10 orders by this account in the last hour (limit 10)',
      },
      {
        rule: 'address_velocity',
        score: 40,
        detail: '20 orders from this address in the last hour (limit 20)',
      },
    ]);
  });

  it('takes its scores and limit from the configuration, and holds nothing when off', () => {
    expect(
      assessFraud({ ...honest, detailsComplete: false }, config({ FRAUD_INCOMPLETE_DETAILS_SCORE: '80' }))
        .held,
    ).toBe(true);
    expect(assessFraud({ ...honest, detailsComplete: false }, config({ FRAUD_SCORE_LIMIT: '20' })).held).toBe(
      true,
    );
    // A rule scored 0 is switched off: it is not even listed.
    expect(rulesOf({ detailsComplete: false }, { FRAUD_INCOMPLETE_DETAILS_SCORE: '0' })).toEqual([]);
    expect(
      assessFraud({ ...honest, emails: ['x@throwaway.example'] }, config({ FRAUD_CHECK: 'off' })),
    ).toEqual({ score: 0, hits: [], held: false });
  });
});
