import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

/**
 * The contract package re-exports its zod schemas next to plain constants. The web bundle uses
 * only constants and types from it, so its modules are treated as free of side effects: unused
 * schemas (and zod with them) are dropped instead of landing in the login chunk.
 */
const isContractModule = (id: string) => /[\\/]packages[\\/]contract[\\/]/.test(id);

export default defineConfig({
  // Brotli and gzip copies beside each built file, made once at build time: the server sends the
  // one the browser accepts (preCompressed in apps/api/src/http/spa.ts) instead of compressing
  // on every request or sending the file as it is.
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'] })],
  server: {
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: {
      treeshake: {
        moduleSideEffects: (id: string) => !isContractModule(id),
      },
    },
  },
});
