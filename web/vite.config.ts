/// <reference types="vitest/config" />
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from './build-plugins/precompress';

/** SPEC §1: the build date goes into the bundle and into dist/meta.json, which the server serves. */
const buildDate = new Date().toISOString();

function metaJson(): Plugin {
  return {
    name: 'portal-meta-json',
    apply: 'build',
    writeBundle(options) {
      writeFileSync(path.join(options.dir ?? 'dist', 'meta.json'), JSON.stringify({ buildDate }));
    },
  };
}

export default defineConfig({
  plugins: [react(), metaJson(), precompress()],
  define: { __BUILD_DATE__: JSON.stringify(buildDate) },
  server: { proxy: { '/api': 'http://localhost:3000', '/meta.json': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        // React in a chunk of its own: it changes with a React update only, so a new build of the portal
        // leaves it in the browser's cache (hashed assets are immutable, server/src/app.ts).
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
  },
});
