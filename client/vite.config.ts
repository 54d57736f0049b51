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
  },
  server: {
    proxy: {
      '/graphql': apiServer,
      '/api': apiServer,
      '/healthz': apiServer,
    },
  },
});
