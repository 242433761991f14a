import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * `npm run build` (and so `npm start`): builds the web app and the API server, each only when
 * what it is built from changed since its last build. The decision is by content, not by dates:
 * a SHA-256 of every input file (path and bytes) is written beside the output after a build that
 * succeeded, and a later build with the same digest and its output present does nothing. A build
 * that failed or was cut short leaves no digest, so the next one starts again.
 *
 * `--force` builds both whatever the digests say.
 */
const root = path.resolve(import.meta.dirname, '..');

interface Target {
  name: string;
  /** Folders and files (from the repository root) the output is made from. */
  inputs: string[];
  /** Folder of the output; it holds the digest. */
  output: string;
  /** A file the output must have, or it is built again. */
  entry: string;
  /** The npm workspace whose `build` script makes the output. */
  workspace: string;
}

/** Dependencies and compiler settings shape both outputs as much as the sources do. */
const shared = ['packages/contract', 'package-lock.json', 'package.json', 'tsconfig.base.json'];

const targets: Target[] = [
  {
    name: 'web app',
    inputs: ['apps/web', ...shared],
    output: 'apps/web/dist',
    entry: 'index.html',
    workspace: 'apps/web',
  },
  {
    name: 'API server',
    inputs: ['apps/api', 'apps/datacenter', ...shared],
    output: 'apps/api/dist',
    entry: 'main.js',
    workspace: 'apps/api',
  },
];

const DIGEST_FILE = '.build-digest';

/** Outputs, installed packages and tests take no part in what is built. */
const skippedFolders = new Set(['node_modules', 'dist', 'test', 'data', '.data', 'test-results']);
const isTestFile = (name: string) => /\.test\.tsx?$/.test(name);

function inputFiles(entry: string): string[] {
  const full = path.join(root, entry);
  if (!existsSync(full)) return [];
  if (statSync(full).isFile()) return [entry];
  return readdirSync(full, { withFileTypes: true })
    .filter((child) => (child.isDirectory() ? !skippedFolders.has(child.name) : !isTestFile(child.name)))
    .flatMap((child) => inputFiles(path.join(entry, child.name)));
}

function digestOf(target: Target): string {
  const hash = createHash('sha256');
  for (const file of target.inputs.flatMap(inputFiles).sort()) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

function upToDate(target: Target, digest: string): boolean {
  const output = path.join(root, target.output);
  const digestFile = path.join(output, DIGEST_FILE);
  return (
    existsSync(path.join(output, target.entry)) &&
    existsSync(digestFile) &&
    readFileSync(digestFile, 'utf8').trim() === digest
  );
}

const force = process.argv.includes('--force');
for (const target of targets) {
  const digest = digestOf(target);
  if (!force && upToDate(target, digest)) {
    console.log(`${target.name}: unchanged since its last build, not built again`);
    continue;
  }
  console.log(`${target.name}: building`);
  const run = spawnSync('npm', ['run', 'build', '-w', target.workspace], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
  writeFileSync(path.join(root, target.output, DIGEST_FILE), `${digest}\n`);
}
