import type { Card } from '@rackdesk/contract';
import { describe, expect, it } from 'vitest';
import { cardLabel, selectedCardAfter } from './cards.ts';

const card = (id: number, isDefault = false): Card => ({
  id,
  card_type: 'Visa',
  card_last_four: '4242',
  expiry_date: '12/29',
  is_default: isDefault,
});

describe('selectedCardAfter', () => {
  it('keeps a selected card that still exists', () => {
    expect(selectedCardAfter([card(1, true), card(2)], 2)).toBe(2);
  });
  it('falls back to the default card when the selected one is gone', () => {
    expect(selectedCardAfter([card(1), card(3, true)], 2)).toBe(3);
  });
  it('falls back to the first card without a default, and to nothing without cards', () => {
    expect(selectedCardAfter([card(4), card(5)], 2)).toBe(4);
    expect(selectedCardAfter([card(4), card(5)], undefined)).toBe(4);
    expect(selectedCardAfter([], 2)).toBeUndefined();
  });
});

describe('cardLabel', () => {
  it('names the type, the last four digits and the expiry', () => {
    expect(cardLabel(card(1))).toBe('Visa ending in 4242 (12/29)');
  });
});
