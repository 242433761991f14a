import { measureInvoiceList, seedInvoiceAccount } from './invoice-list.ts';
import type { Measurement } from './api-reads.ts';
import { LOGIN_JS_BUDGET_KB, measureLoginJavaScript } from './login-bundle.ts';
import { measureHotReads, readsEnv, readsOptions } from './hot-reads.ts';
import { startServer } from './server.ts';

/**
 * `npm run bench`: builds nothing itself (run `npm run build` first, or use `npm start` once),
 * starts the server on embedded PGlite and on PostgreSQL and prints figures. Loopback only,
 * bounded in time. `npm run bench -- --reads` prints only the hot reads.
 */
const onlyReads = process.argv.includes('--reads');
const port = Number(process.env.BENCH_PORT ?? 8199);
const print = (rows: Measurement[]) => {
  for (const row of rows) {
    console.log(
      `  ${row.title.padEnd(38)} ${String(row.requestsPerSecond).padStart(7)} req/s  p99 ${row.p99Ms} ms  errors ${row.errors}`,
    );
  }
};

const options = readsOptions();
console.log(
  `\nHot reads (autocannon, ${options.connections} connections, ${options.seconds} s each, median of ${options.rounds} interleaved rounds; each beside a raw server on the same database):`,
);
await measureHotReads.postgres(port, options);

const server = await startServer(port, readsEnv, seedInvoiceAccount);
try {
  await measureHotReads.pglite(server, port, options);
  if (!onlyReads) {
    const bundle = await measureLoginJavaScript(server);
    console.log('\nJavaScript loaded by /login (gzip -9):');
    for (const script of bundle.scripts) {
      console.log(`  ${(script.gzipBytes / 1024).toFixed(1).padStart(7)} KB  ${script.url}`);
    }
    const verdict = bundle.totalGzipKb <= LOGIN_JS_BUDGET_KB ? 'within' : 'OVER';
    console.log(
      `  ${bundle.totalGzipKb.toFixed(1).padStart(7)} KB  total (${verdict} the ${LOGIN_JS_BUDGET_KB} KB budget)`,
    );
    console.log('\nGET /api/invoices of an account with 10,000 invoices:');
    print(await measureInvoiceList(server));
  }
} finally {
  await server.stop();
}
