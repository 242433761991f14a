import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client.ts';
import type { TestSimulator } from './simulator.ts';
import type { TestApp } from './test-app.ts';

/**
 * What changes on any call, refused or not, and so goes unwatched: the reason is the whole point
 * of each entry, since anything left out here is unchecked by every state check.
 */
export const volatileState: {
  tables: Record<string, string>;
  columns: Record<string, string>;
  simulator: Record<string, string>;
} = {
  tables: {
    rate_limits: 'counts every call of the limited routes from an address, refused or not',
    idempotency_keys: 'claims a key before the route answers, whatever it answers',
    security_events: 'records refused sign-ins and wrong keys: what it is for',
  },
  columns: {
    last_used_at: 'the session or API token that made the call was used, refused or not',
    last_used_ip: 'the address the API token was last used from',
  },
  simulator: {
    'payment-callbacks':
      "the sandbox's attempts to deliver callbacks of earlier payments, retried on its own timer; the payments themselves are watched",
  },
};

const LOG = 'matrix_state_changes';

/**
 * Watches every table of the app's schema (but the volatile ones) with a row trigger that writes
 * what changed to a log table, so that a state check is one small statement however big the
 * database: it empties the log and returns what it held. An update that changes only volatile
 * columns is not logged.
 */
export async function watchDatabase(t: TestApp): Promise<() => Promise<string[]>> {
  const { db } = t.database;
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const ignored = `'{${Object.keys(volatileState.columns).join(',')}}'::text[]`;
  await db.execute(sql.raw(`create table ${LOG} (id bigserial primary key, change text not null)`));
  await db.execute(
    sql.raw(`create function ${LOG}_record() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' and (to_jsonb(new) - ${ignored}) = (to_jsonb(old) - ${ignored}) then
          return null;
        end if;
        insert into ${LOG} (change) values (tg_op || ' ' || tg_table_name);
        return null;
      end $$`),
  );
  const watched = tables.map((table) => table.name).filter((name) => !(name in volatileState.tables));
  for (const name of watched) {
    await db.execute(
      sql.raw(
        `create trigger ${LOG} after insert or update or delete on "${name}" ` +
          `for each row execute function ${LOG}_record()`,
      ),
    );
  }
  const drain = sql.raw(`delete from ${LOG} returning change`);
  return async () => {
    const rows = await queryRows<{ change: string }>(db, drain);
    return [...new Set(rows.map((row) => row.change))].sort();
  };
}

/**
 * Watches the simulator's whole state (machines, volumes, payments, the bucket): each look says
 * where it differs from the one before, by path (`proxmox.vms.7811.status`), or nothing.
 */
export function watchSimulator(sim: TestSimulator): () => Promise<string[]> {
  let last: unknown;
  return async () => {
    const state = { ...((await sim.control('GET', '/state')) as Record<string, unknown>) };
    for (const key of Object.keys(volatileState.simulator)) delete state[key];
    const changed = last === undefined ? [] : differences(last, state, 'simulator');
    last = state;
    return changed;
  };
}

function differences(before: unknown, after: unknown, path: string): string[] {
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  if (typeof before !== 'object' || typeof after !== 'object' || before === null || after === null) {
    return [path];
  }
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].flatMap((key) =>
    differences(
      (before as Record<string, unknown>)[key],
      (after as Record<string, unknown>)[key],
      `${path}.${key}`,
    ),
  );
}
