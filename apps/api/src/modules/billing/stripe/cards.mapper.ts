import type { Card } from '@rackdesk/contract';
import type { PaymentCardRow } from './cards.repository.ts';

/** A saved card as `GET billing/card` lists it (portal spec §3 Card); expiry as MM/YY. */
export const toCard = (row: PaymentCardRow): Card => ({
  id: row.id,
  card_type: row.cardType,
  card_last_four: row.lastFour,
  expiry_date: `${String(row.expiryMonth).padStart(2, '0')}/${String(row.expiryYear % 100).padStart(2, '0')}`,
  is_default: row.isDefault,
});
