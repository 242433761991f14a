import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';

/**
 * Loading millions of rows into tables whose indexes and foreign keys are checked row by row is
 * several times slower than loading bare tables and building each index once. This takes the
 * secondary indexes and foreign keys of `tables` off and gives back a function that puts exactly
 * the same definitions back (read from the catalogue, so the end state is the migrated schema
 * whatever the migrations say). Primary keys stay: the foreign keys need them.
 */
export async function withoutIndexes(db: DbOrTx, tables: readonly string[]): Promise<() => Promise<void>> {
  const list = sql.join(
    tables.map((table) => sql`${table}`),
    sql`, `,
  );
  const foreignKeys = await queryRows<{ table: string; name: string; definition: string }>(
    db,
    sql`select conrelid::regclass::text as "table", conname as name, pg_get_constraintdef(oid) as definition
        from pg_constraint
        where contype = 'f' and connamespace = 'public'::regnamespace and conrelid::regclass::text in (${list})
        order by conname`,
  );
  const indexes = await queryRows<{ name: string; definition: string }>(
    db,
    sql`select indexname as name, indexdef as definition
        from pg_indexes
        where schemaname = 'public' and tablename in (${list})
          and indexname not in (select conname from pg_constraint where contype in ('p', 'u', 'x'))
        order by indexname`,
  );
  for (const key of foreignKeys) {
    await db.execute(
      sql`alter table ${sql.identifier(key.table)} drop constraint ${sql.identifier(key.name)}`,
    );
  }
  for (const index of indexes) await db.execute(sql`drop index ${sql.identifier(index.name)}`);

  return async () => {
    for (const index of indexes) await db.execute(sql.raw(index.definition));
    for (const key of foreignKeys) {
      await db.execute(
        sql`alter table ${sql.identifier(key.table)} add constraint ${sql.identifier(key.name)} ${sql.raw(key.definition)}`,
      );
    }
  };
}
