import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client.ts';
import { migrateJobStore } from '../../src/jobs/job-queue.ts';

declare module 'vitest' {
  interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/**
 * Creates and migrates one embedded database (our tables and the job queue's), and dumps it for
 * every test file to start from: loading a dump takes a fraction of a second, a fresh PGlite plus
 * migrations several.
 */
export default async function setup(project: TestProject) {
  const database = await openDatabase({ pgliteDir: 'memory://' });
  await database.migrate();
  // The job queue's schema too, or every test app would install it on start.
  await migrateJobStore(database);
  const dump = await database.dump!();
  await database.close();
  const file = path.join(tmpdir(), `rackdesk-pglite-template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(file, { force: true });
}
