import { createServer } from 'node:http';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { CapturedStatement } from './captured-reads.ts';

/**
 * The yardstick of the API's reads: a minimal node:http server answering every request with one
 * prepared primary-key select, on PostgreSQL (the API's database, a pool as large as the API's)
 * or on an embedded PGlite of its own (an embedded database has one process). Run as a child of
 * the bench: `node --import tsx bench/raw-server.ts PORT [DATABASE_URL]`.
 *
 * On PostgreSQL it also replays API calls: RAW_REPLAY holds, by request path, the reads an API
 * call sent (bench/captured-reads.ts), and a request to that path sends the same statements,
 * prepared, one after the other, with the same values, and answers the last one's rows as JSON.
 * That is what the call would cost with no framework, hooks, mapping or checks: the most any
 * server could get out of the API's statements.
 */
const [port, databaseUrl] = process.argv.slice(2);
const POOL_SIZE = 10;

type Answer = (path: string) => Promise<unknown>;

async function openPostgres(url: string): Promise<Answer> {
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE });
  const replays = new Map(
    Object.entries(JSON.parse(process.env.RAW_REPLAY ?? '{}') as Record<string, CapturedStatement[]>).map(
      ([path, statements], call) => [
        path,
        // Named as the API names its hot reads, so that each is parsed and planned once per connection.
        statements.map((statement, index) => ({ ...statement, name: `replay_${call}_${index}` })),
      ],
    ),
  );
  return async (path) => {
    const replay = replays.get(path);
    if (!replay) {
      const select = {
        name: 'raw_user_by_id',
        text: 'select id, email from users where id = $1',
        values: [1],
      };
      return (await pool.query(select)).rows[0];
    }
    let rows: unknown[] = [];
    // The API reads as drizzle does: rows as arrays.
    for (const statement of replay) rows = (await pool.query({ ...statement, rowMode: 'array' })).rows;
    return rows;
  };
}

async function openPglite(): Promise<Answer> {
  const db = await PGlite.create('memory://');
  await db.exec(`create table users (id serial primary key, email text not null);
    insert into users (email) select 'user' || n || '@example.com' from generate_series(1, 100) n;`);
  return async () => (await db.query('select id, email from users where id = $1', [1])).rows[0];
}

const answer = databaseUrl ? await openPostgres(databaseUrl) : await openPglite();
const server = createServer((request, response) => {
  answer(request.url ?? '/').then(
    (body) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    },
    (error: Error) => {
      response.writeHead(500);
      response.end(error.message);
    },
  );
});
server.listen(Number(port), '127.0.0.1', () => process.send?.('listening'));
