import pg from 'pg';
import { type CapturedStatement, captureReads } from './captured-reads.ts';
import type { ScaleCall } from './scale-calls.ts';

interface CapturedQuery extends CapturedStatement {
  calls: Set<string>;
}

/** How much of a statement's text the report shows (the select lists are long). */
const SQL_SHOWN = 600;

/** A table this big read whole on a customer's call is a plan that does not scale. */
const BIG_TABLE_ROWS = 10_000;

/** What in a plan does not scale: a big table read whole, or a subquery run once per row. */
function problemsOf(plan: string, bigTables: string[]): string[] {
  const lines = plan.split('\n');
  const scanned = bigTables.filter((table) => new RegExp(`Seq Scan on ${table}\\b`).test(plan));
  const perRow = lines.some(
    (line, index) => /SubPlan/.test(line) && Number(/loops=(\d+)/.exec(lines[index + 1] ?? '')?.[1] ?? 0) > 1,
  );
  return [...scanned.map((table) => `Seq Scan on ${table}`), ...(perRow ? ['SubPlan run per row'] : [])];
}

/**
 * Runs each call once in an app of this process on the same database, records every query it
 * sends through `pg`, and prints the plan PostgreSQL really uses for each distinct read: the
 * statement is prepared and executed six times first, so a prepared statement's generic plan
 * (chosen from the sixth run) shows rather than a plan for these values only.
 */
export async function explainCalls(databaseUrl: string, calls: ScaleCall[]): Promise<void> {
  const queries = new Map<string, CapturedQuery>();
  for (const call of await captureReads(databaseUrl, calls)) {
    for (const { text, values } of call.statements) {
      const seen = queries.get(text) ?? { text, values, calls: new Set<string>() };
      seen.calls.add(call.title);
      queries.set(text, seen);
    }
  }

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const big = await client.query<{ name: string }>(
      `select relname as name from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace
         and reltuples > ${BIG_TABLE_ROWS}`,
    );
    const bigTables = big.rows.map((row) => row.name);
    let number = 0;
    const flagged: string[] = [];
    for (const captured of queries.values()) {
      number += 1;
      const plan = await planOf(client, captured);
      const problems = problemsOf(plan, bigTables);
      if (problems.length > 0) flagged.push(`query ${number}: ${problems.join(', ')}`);
      const took = /Execution Time: ([\d.]+) ms/.exec(plan)?.[1];
      const verdict = problems.length > 0 ? `FLAGGED: ${problems.join(', ')}` : 'ok';
      console.log(`\n[query ${number}] ${took ? `${took} ms in the database, ` : ''}${verdict}`);
      console.log(`  used by: ${[...captured.calls].join('; ')}`);
      const text = captured.text.replace(/\s+/g, ' ').trim();
      console.log(`  ${text.length > SQL_SHOWN ? `${text.slice(0, SQL_SHOWN)}…` : text}`);
      console.log(plan.replace(/^/gm, '    '));
    }
    console.log(
      `\n${queries.size} distinct reads explained; ${flagged.length === 0 ? 'none flagged' : `flagged:\n  ${flagged.join('\n  ')}`}`,
    );
  } finally {
    await client.end();
  }
}

async function planOf(client: pg.Client, { text, values }: CapturedQuery): Promise<string> {
  const args = values.length > 0 ? `(${values.map((value) => literal(client, value)).join(', ')})` : '';
  try {
    await client.query(`prepare bench_explain as ${text}`);
    for (let run = 0; run < 6; run += 1) await client.query(`execute bench_explain${args}`);
    const result = await client.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers) execute bench_explain${args}`,
    );
    return result.rows.map((row) => row['QUERY PLAN']).join('\n');
  } catch (error) {
    return `(could not be explained: ${(error as Error).message})`;
  } finally {
    await client.query('deallocate all');
  }
}

/** A value as the untyped literal an EXECUTE takes (the prepared statement gives it its type). */
function literal(client: pg.Client, value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (value instanceof Date) return client.escapeLiteral(value.toISOString());
  if (Array.isArray(value))
    return client.escapeLiteral(`{${value.map((v) => JSON.stringify(String(v))).join(',')}}`);
  if (typeof value === 'object') return client.escapeLiteral(JSON.stringify(value));
  return client.escapeLiteral(String(value));
}
