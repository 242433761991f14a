import { createServer } from 'node:http';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * The yardstick of the API's reads: a minimal node:http server answering every request with one
 * prepared primary-key select, on PostgreSQL (the API's database, a pool as large as the API's)
 * or on an embedded PGlite of its own (an embedded database has one process). Run as a child of
 * the bench: `node --import tsx bench/raw-server.ts PORT [DATABASE_URL]`.
 */
const [port, databaseUrl] = process.argv.slice(2);
const POOL_SIZE = 10;

async function openSelect(): Promise<(id: number) => Promise<unknown>> {
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: POOL_SIZE });
    return async (id) =>
      (
        await pool.query({
          name: 'raw_user_by_id',
          text: 'select id, email from users where id = $1',
          values: [id],
        })
      ).rows[0];
  }
  const db = await PGlite.create('memory://');
  await db.exec(`create table users (id serial primary key, email text not null);
    insert into users (email) select 'user' || n || '@example.com' from generate_series(1, 100) n;`);
  return async (id) => (await db.query('select id, email from users where id = $1', [id])).rows[0];
}

const select = await openSelect();
const server = createServer((_request, response) => {
  select(1).then(
    (row) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(row));
    },
    (error: Error) => {
      response.writeHead(500);
      response.end(error.message);
    },
  );
});
server.listen(Number(port), '127.0.0.1', () => process.send?.('listening'));
