import { sql } from 'drizzle-orm';
import { invoices } from '../../db/schema/index.ts';

/**
 * `status = 'Unpaid'` with the status written as a literal, never a bind parameter: a prepared
 * statement switches to a generic plan after five runs, and a generic plan can only use the
 * partial index `invoices_user_unpaid_idx` (migration 0011) when the status is in the text.
 */
export const isUnpaid = sql`${invoices.status} = 'Unpaid'`;
