import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const clientDir = fileURLToPath(new URL('.', import.meta.url));
const apiServer = 'http://localhost:4000';

export default defineConfig({
  root: clientDir,
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      // Libraries mark modules "use client" or "use no memo"; in one bundled console those mean
      // nothing, and a warning for each (14, from GraphiQL) buried the first start's own output.
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
      output: {
        // Libraries change less often than the console: separate chunks stay cached across releases.
        // entriesAware: a library module only the lazy query workbench uses (graphql-js's schema
        // tools, recharts' pie) goes into a chunk of its own, so the first load does not grow.
        codeSplitting: {
          groups: [
            { name: 'charts', test: /node_modules[\\/](recharts|d3-[a-z-]+|victory-vendor|@reduxjs|immer|reselect|decimal\.js-light|es-toolkit)[\\/]/, entriesAware: true },
            { name: 'graphql', test: /node_modules[\\/](@apollo|graphql|rxjs|@wry|optimism|@graphql-typed-document-node)[\\/]/, entriesAware: true },
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/graphql': apiServer,
      '/api': apiServer,
      '/healthz': apiServer,
    },
  },
});
