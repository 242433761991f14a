import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { runOperatorCommand } from './operator-command.ts';

/** `npm run operator -- add|remove EMAIL`: gives or takes the operator role in the configured database. */
const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, pgliteDir: `${config.dataDir}/db` });
try {
  await database.migrate();
  const { code, message } = await runOperatorCommand(database.db, process.argv.slice(2));
  (code === 0 ? process.stdout : process.stderr).write(`${message}\n`);
  process.exitCode = code;
} finally {
  await database.close();
}
