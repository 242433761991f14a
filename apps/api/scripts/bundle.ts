import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';

/**
 * `npm run build -w apps/api`: the production server as plain JavaScript in `apps/api/dist`
 * (`node --enable-source-maps dist/main.js`), with source maps pointing at the TypeScript.
 *
 * One esbuild bundle rather than `tsc` per workspace: the workspace packages (the contract, the
 * simulator) export their TypeScript sources, which plain Node cannot load, and bundling them
 * avoids a second set of package entry points for compiled output. npm packages stay external:
 * Node loads them from node_modules as installed, native and WASM parts included. The simulator
 * stays a chunk of its own that only a start with the simulator on loads.
 */
const apiDir = path.resolve(import.meta.dirname, '..');
const outDir = path.join(apiDir, 'dist');

const workspacePackage = /^@rackdesk\//;

/** Every bare import is an npm package left to Node, except our own workspace packages. */
const npmPackagesExternal: Plugin = {
  name: 'npm-packages-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      workspacePackage.test(args.path) ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * Files the code reads at run time from beside its own module (`import.meta.dirname`): in the
 * bundle every module lives in `dist/`, so each goes where that code looks for it.
 */
const runtimeFiles = [
  // db/client.ts: the migrations folder.
  { from: path.join(apiDir, 'src/db/migrations'), to: 'migrations' },
  // The simulator's stand-in Stripe.js (apps/datacenter/src/stripe/browser.ts).
  { from: path.join(apiDir, '../datacenter/src/stripe/browser'), to: 'browser' },
];

rmSync(outDir, { recursive: true, force: true });
await build({
  entryPoints: { main: path.join(apiDir, 'src/main.ts') },
  outdir: outDir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  tsconfig: path.join(apiDir, 'tsconfig.json'),
  sourcemap: 'linked',
  // The maps point at the sources in the repository; carrying them again would double the size.
  sourcesContent: false,
  plugins: [npmPackagesExternal],
  logLevel: 'warning',
});
for (const { from, to } of runtimeFiles) cpSync(from, path.join(outDir, to), { recursive: true });
