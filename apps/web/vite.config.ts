import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';

/**
 * The contract package re-exports its zod schemas next to plain constants. The web bundle uses
 * only constants and types from it, so its modules are treated as free of side effects: unused
 * schemas (and zod with them) are dropped instead of landing in the login chunk.
 */
const isContractModule = (id: string) => /[\\/]packages[\\/]contract[\\/]/.test(id);

/**
 * Chunks for the first pages a visitor opens. Left to itself the bundler cuts every set of modules
 * shared by a different set of pages into its own chunk, and /login needed ~30 script requests
 * (issue 18: at most 6). So the libraries every page runs on go into two chunks (`vendor`, and
 * `mantine` for the Mantine core and the components of the sign-in form, which the panel's pages
 * use too), and the app's own modules that each first page imports statically go into one chunk
 * per page, in this order (`boot` is the entry's graph, loaded by every page).
 */
const vendor =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|wouter|regexparam|clsx)[\\/]|[\\/]@mantine[\\/]notifications[\\/]esm[\\/]notifications\.store/;
const mantine =
  /[\\/]node_modules[\\/]@mantine[\\/](hooks[\\/]esm[\\/](utils|use-(color-scheme|did-update|document-title|id|isomorphic-effect|media-query|mutation-observer|reduced-motion|uncontrolled))[\\/]|core[\\/]esm[\\/](core|components[\\/](Alert|Anchor|ActionIcon|Box|Button|Center|CloseButton|Container|Group|Input|InputBase|Loader|Paper|PasswordInput|Stack|Text|TextInput|Title|UnstyledButton|VisuallyHidden))[\\/])/;
/**
 * The positioning code of floating dropdowns (menus, selects, tooltips, popovers): a chunk of its
 * own, fetched by the pages that open one, not by every page of the shell.
 */
const overlays = /[\\/]node_modules[\\/]@floating-ui[\\/]/;
/**
 * The query library, the app's client of it and every route but /login (with the list of each lazy
 * page's files): every page but /login loads them, so they make one chunk rather than riding in
 * the entry's or the shell's. A chunk
 * takes the modules its own import too, so this group comes after the sign-in page's (which keep
 * the session store they share) and before the shell's (whose modules import the library).
 */
const queries =
  /[\\/]node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]|[\\/]src[\\/]app[\\/]query-(client|routes)\.tsx?$/;
const firstPages = [
  { name: 'boot', root: /[\\/]src[\\/]main\.tsx$/ },
  { name: 'login', root: /[\\/]src[\\/]app[\\/]routes[\\/]login\.tsx$/ },
  { name: 'shell', root: /[\\/]src[\\/]app[\\/]shell[\\/]app-layout\.tsx$/ },
  { name: 'dashboard', root: /[\\/]src[\\/]app[\\/]routes[\\/]dashboard\.tsx$/ },
];
const isWebModule = (id: string) => /[\\/]apps[\\/]web[\\/]src[\\/]/.test(id);
/**
 * The contract's constants and error codes, which nearly every page uses: they join `boot`. (The
 * contract's other modules are reached through its index, which re-exports everything, so the walk
 * below leaves them to the bundler, which keeps only what a page uses.)
 */
const bootContract = /[\\/]packages[\\/]contract[\\/]src[\\/](constants|error-codes)\.ts$/;

/** Works out, once the module graph is known, which first page's chunk each app module joins. */
function firstPageChunks(): { plugin: Plugin; groupOf: Map<string, string> } {
  const groupOf = new Map<string, string>();
  const plugin: Plugin = {
    name: 'rackdesk:first-page-chunks',
    apply: 'build',
    buildEnd() {
      groupOf.clear();
      const ids = [...this.getModuleIds()];
      for (const { name, root } of firstPages) {
        const start = ids.find((id) => root.test(id));
        if (!start) throw new Error(`first-page chunks: no module matches ${root}`);
        const pending = [start];
        while (pending.length > 0) {
          const id = pending.pop()!;
          if (groupOf.has(id) || !isWebModule(id)) continue;
          groupOf.set(id, name);
          pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
      }
    },
  };
  return { plugin, groupOf };
}

/**
 * Preloads the sign-in page's chunk from index.html: the page a signed-out visitor lands on would
 * otherwise be fetched only after the entry has run, one round trip later.
 */
const preloadLoginChunk: Plugin = {
  name: 'rackdesk:preload-login-chunk',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(_html, { bundle }) {
      const login = Object.values(bundle ?? {}).find(
        (file) => file.type === 'chunk' && file.name === 'login',
      );
      if (!login) throw new Error('preload-login-chunk: no login chunk in the bundle');
      return [
        {
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${login.fileName}` },
          injectTo: 'head',
        },
      ];
    },
  },
};

/** The scripts index.html loads itself (the entry's static imports). */
const entryScripts = /^assets\/(rolldown-runtime|vendor|mantine|boot)-[\w-]+\.js$/;

const chunks = firstPageChunks();
const firstPageGroups = firstPages.map(({ name }) => ({
  name,
  test: (id: string) => chunks.groupOf.get(id) === name || (name === 'boot' && bootContract.test(id)),
}));

export default defineConfig({
  // Brotli and gzip copies beside each built file, made once at build time: the server sends the
  // one the browser accepts (preCompressed in apps/api/src/http/spa.ts) instead of compressing
  // on every request or sending the file as it is.
  plugins: [
    react(),
    chunks.plugin,
    preloadLoginChunk,
    compression({ algorithms: ['brotliCompress', 'gzip'] }),
  ],
  resolve: {
    // React 19 has useSyncExternalStore: the router's fallback for older versions is dead weight
    // on every page.
    alias: [{ find: /^use-sync-external-store\/shim\/index\.js$/, replacement: 'react' }],
  },
  server: {
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    modulePreload: {
      // Every browser the panel supports (Vite's default targets: baseline, widely available)
      // knows <link rel="modulepreload">: the polyfill would be dead weight in every page's entry.
      polyfill: false,
      // The entry's own scripts are loaded before any lazy import runs: naming them again in each
      // lazy import's list of files to preload only adds bytes to the entry.
      resolveDependencies: (_file, deps) => deps.filter((dep) => !entryScripts.test(dep)),
    },
    rollupOptions: {
      treeshake: {
        moduleSideEffects: (id: string) => !isContractModule(id),
      },
      output: {
        codeSplitting: {
          groups: [
            { name: 'vendor', test: vendor },
            { name: 'mantine', test: mantine },
            { name: 'overlays', test: overlays },
            ...firstPageGroups.slice(0, 2),
            { name: 'queries', test: queries },
            ...firstPageGroups.slice(2),
          ],
        },
      },
    },
  },
});
