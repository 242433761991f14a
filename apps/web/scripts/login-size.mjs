// Sums the gzip size of the JavaScript that /login loads: the entry chunk, the login route chunk
// and every chunk they import statically. Fails above the budget. Run after `vite build`.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 100;
const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const assets = path.join(dist, 'assets');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const entry = html.match(/src="\/assets\/([^"]+\.js)"/)?.[1];
const login = readdirSync(assets).find((name) => /^login-[\w-]+\.js$/.test(name));
if (!entry || !login) throw new Error('Build the app first: entry or login chunk not found.');

const seen = new Set();
const visit = (name) => {
  if (seen.has(name)) return;
  seen.add(name);
  const code = readFileSync(path.join(assets, name), 'utf8');
  for (const match of code.matchAll(
    /(?:^|[;}\s])import\s*(?:[\w*{}\s,$]+from\s*)?["']\.\/([\w.-]+\.js)["']/g,
  )) {
    visit(match[1]);
  }
};
visit(entry);
visit(login);

let total = 0;
for (const name of [...seen].sort()) {
  const size = gzipSync(readFileSync(path.join(assets, name)), { level: 9 }).length;
  total += size;
  console.log(`${(size / 1024).toFixed(2).padStart(8)} KB  ${name}`);
}
console.log(`${(total / 1024).toFixed(2).padStart(8)} KB  total gzip for /login (budget ${BUDGET_KB} KB)`);
if (total / 1024 > BUDGET_KB) process.exit(1);
