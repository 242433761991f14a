import { sql } from 'drizzle-orm';
import { queryRows } from '../../../src/db/client.ts';
import type { TestApp } from '../test-app.ts';

/**
 * What may change on any call, even one refused with a 4xx, and why. Everything else in the
 * public schema must be the same after a refused call as before it. (pg-boss keeps its queue in
 * a schema of its own, and this run's workers are off.)
 */
export const CHANGES_ON_ANY_CALL = {
  tables: {
    rate_limits: 'counts every call, refused or not, so that refused ones are limited too',
    idempotency_keys: 'keeps the answer of a keyed call, a 4xx included, so that its retry gets the same one',
    used_captchas: 'a challenge is spent when it is checked, whatever the rest of the call turns out to be',
  },
  columns: {
    sessions: { last_used_at: 'every signed-in call marks its session as used' },
    api_tokens: { last_used_at: 'every call made with a token marks it as used' },
  },
  rows: {
    security_events: {
      where: "kind <> 'sign_in_failed'",
      reason: 'a refused sign-in of a real login is recorded in the security log: that is its purpose',
    },
  },
} as const satisfies {
  tables: Record<string, string>;
  columns: Record<string, Record<string, string>>;
  rows: Record<string, { where: string; reason: string }>;
};

/** A digest per table, taken in one statement, and the names of the tables it covers. */
export interface DatabaseDigest {
  take(): Promise<Record<string, string>>;
  tables: string[];
}

const identifier = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * Reads the tables once (so that a new table is covered without a change here) and builds one
 * statement that digests every row of every table but the exclusions above.
 */
export async function databaseDigest(t: TestApp): Promise<DatabaseDigest> {
  const found = await queryRows<{ table_name: string }>(
    t.database.db,
    sql`select table_name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const excluded: Record<string, string> = CHANGES_ON_ANY_CALL.tables;
  const columns: Record<string, Record<string, string>> = CHANGES_ON_ANY_CALL.columns;
  const rows: Record<string, { where: string }> = CHANGES_ON_ANY_CALL.rows;
  const tables = found.map((row) => row.table_name).filter((name) => !(name in excluded));
  const digests = tables.map((table) => {
    const dropped = Object.keys(columns[table] ?? {});
    const row = dropped.length
      ? `(to_jsonb(t) - array[${dropped.map(literal).join(', ')}]::text[])::text`
      : 't::text';
    return `select ${literal(table)} as name, md5(coalesce(string_agg(${row}, '|' order by ${row}), '')) as digest from ${identifier(table)} t${
      rows[table] ? ` where ${rows[table].where}` : ''
    }`;
  });
  // One row per table, all in one statement, so that no call can slip in between two tables.
  const statement = sql.raw(digests.join(' union all '));
  return {
    tables,
    async take() {
      const digests = await queryRows<{ name: string; digest: string }>(t.database.db, statement);
      return Object.fromEntries(digests.map((row) => [row.name, row.digest]));
    },
  };
}

/** The tables whose digest differs. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys(after).filter((table) => before[table] !== after[table]);
}
