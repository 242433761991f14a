import { describe, expect, it } from 'vitest';
import { displayStatus } from './invoices.mapper.ts';

describe('displayStatus', () => {
  it('shows an unpaid invoice past its due date as Overdue, and only that', () => {
    expect(displayStatus({ status: 'Unpaid', dueDate: '2026-11-22' }, '2026-11-23')).toBe('Overdue');
    expect(displayStatus({ status: 'Unpaid', dueDate: '2026-11-23' }, '2026-11-23')).toBe('Unpaid');
    expect(displayStatus({ status: 'Paid', dueDate: '2020-01-01' }, '2026-11-23')).toBe('Paid');
  });
});
