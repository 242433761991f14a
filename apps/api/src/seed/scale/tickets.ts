import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { customerFollowUps, pick, staffAnswers, ticketTopics } from './vocabulary.ts';

/** Messages alternate customer, staff, customer, staff: one to four of them, by the ticket id. */
const replyCount = (id: ReturnType<typeof sql>) => sql`(1 + ${id} % 4)`;
const REPLY_GAP = sql`interval '5 hours'`;

/**
 * Tickets over the last three years: most older ones Closed, the rest Open after a customer's
 * message or Awaiting Reply after the staff's. The number is six digits derived from the id by a
 * bijection (7919 is prime to 10^6), so it is unique and tells nothing of the order. The big and
 * small accounts' tickets name one of their services.
 */
export async function insertTickets(db: DbOrTx): Promise<void> {
  const topic = (column: number) =>
    pick(
      ticketTopics.map((row) => row[column]!),
      sql`t.id`,
    );
  await db.execute(sql`
    insert into tickets (id, tid, user_id, department_id, service_id, name, email, subject, status, priority,
      created_at, last_reply_at)
    select t.id, lpad((t.id::bigint * 7919 % 1000000)::text, 6, '0'), u.id, ${topic(1)}::int, t.service_id,
      u.firstname || ' ' || u.lastname, u.email, ${topic(0)},
      case when t.opened < now() - interval '14 days' and t.x % 10 < 8 then 'Closed'
        when ${replyCount(sql`t.id`)} % 2 = 0 then 'Awaiting Reply' else 'Open' end,
      (array['Low', 'Low', 'Medium', 'High'])[1 + t.x % 4],
      t.opened, t.opened + (${replyCount(sql`t.id`)} - 1) * ${REPLY_GAP}
    from (
      select g.first_ticket_id + x as id, x,
        g.first_user_id + x % g.user_count as user_id,
        case when g.user_count = 1 and g.service_count > 0 then g.first_service_id + x % g.service_count end
          as service_id,
        now() - random() * interval '1095 days' as opened
      from scale_groups g, generate_series(0, g.ticket_count - 1) x
    ) t
    join users u on u.id = t.user_id`);
}

export async function insertTicketReplies(db: DbOrTx, staffUserId: number): Promise<void> {
  const opening = pick(
    ticketTopics.map((row) => row[2]!),
    sql`t.id`,
  );
  await db.execute(sql`
    insert into ticket_replies (ticket_id, user_id, staff_user_id, name, email, admin, message, created_at)
    select t.id,
      case when m % 2 = 0 then t.user_id end,
      case when m % 2 = 1 then ${staffUserId}::int end,
      case when m % 2 = 0 then t.name else '' end,
      case when m % 2 = 0 then t.email else '' end,
      case when m % 2 = 1 then 'Alex Morgan' else '' end,
      case when m = 0 then ${opening} when m % 2 = 1 then ${pick(staffAnswers, sql`t.id + m`)}
        else ${pick(customerFollowUps, sql`t.id`)} end,
      t.created_at + m * ${REPLY_GAP}
    from tickets t, generate_series(0, ${replyCount(sql`t.id`)} - 1) m`);
}
