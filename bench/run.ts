import { type Measurement, measureApiReads } from './api-reads.ts';
import { measureInvoiceList, seedInvoiceAccount } from './invoice-list.ts';
import { measureLighthouse } from './lighthouse.ts';
import { LOGIN_JS_BUDGET_KB, measureLoginJavaScript } from './login-bundle.ts';
import { scaleDatabaseUrl } from './scale-database.ts';
import { runScaleBench } from './scale.ts';
import { startServer } from './server.ts';
import { measureStartup } from './startup.ts';

/**
 * `npm run bench -- --scale`: the scale figures alone (bench/scale.ts), on PostgreSQL.
 */
if (process.argv.includes('--scale')) {
  await runScaleBench(scaleDatabaseUrl());
  process.exit(0);
}

/**
 * `npm run bench`: builds the web app and the server when they changed, starts the compiled
 * server on embedded PGlite (port BENCH_PORT, default 8199) and prints figures. Loopback only,
 * bounded in time.
 */
await measureStartup();
const server = await startServer({ env: { RATE_LIMIT_PER_MINUTE: '1000000' }, prepare: seedInvoiceAccount });
const print = (rows: Measurement[]) => {
  for (const row of rows) {
    console.log(
      `  ${row.title.padEnd(38)} ${String(row.requestsPerSecond).padStart(7)} req/s  p99 ${row.p99Ms} ms  errors ${row.errors}`,
    );
  }
};
try {
  const bundle = await measureLoginJavaScript(server);
  console.log('\nJavaScript loaded by /login (gzip -9):');
  for (const script of bundle.scripts) {
    console.log(`  ${(script.gzipBytes / 1024).toFixed(1).padStart(7)} KB  ${script.url}`);
  }
  const verdict = bundle.totalGzipKb <= LOGIN_JS_BUDGET_KB ? 'within' : 'OVER';
  console.log(
    `  ${bundle.totalGzipKb.toFixed(1).padStart(7)} KB  total (${verdict} the ${LOGIN_JS_BUDGET_KB} KB budget)`,
  );

  console.log('\nLighthouse, mobile preset (scores out of 100):');
  await measureLighthouse(server.url);

  console.log('\nAPI reads on embedded PGlite (autocannon, 20 connections, 5 s each):');
  print(await measureApiReads(server));
  console.log('\nGET /api/invoices of an account with 10,000 invoices:');
  print(await measureInvoiceList(server));
} finally {
  await server.stop();
}
