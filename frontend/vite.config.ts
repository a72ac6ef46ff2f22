/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';

import { lingui } from '@lingui/vite-plugin';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const django = `http://127.0.0.1:${process.env.DJANGO_PORT ?? '8000'}`;
// Paths Django answers in development; everything else is the app.
const proxied = ['/api', '/admin', '/static/admin', '/static/rest_framework', '/static/drf_spectacular_sidecar'];

export default defineConfig(({ command }) => ({
  // Django serves the built bundle under STATIC_URL through django-vite and WhiteNoise.
  base: command === 'build' ? '/static/' : '/',
  // Lingui's macros are compiled by its native transform, and `.po` catalogues are imported
  // directly (compiled on import); a catalogue with a broken message fails the build.
  plugins: [react(), lingui({ macroTransform: true, failOnCompileError: true }), tailwindcss()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      ...Object.fromEntries(proxied.map((path) => [path, { target: django, changeOrigin: false }])),
      '/ws': { target: django, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    manifest: 'manifest.json',
    rollupOptions: {
      input: 'src/main.tsx',
      output: {
        // One chunk per catalogue and language, named so the bundle budget can find them
        // (benchmarks/bench_frontend.py): messages-<locale>-<catalogue>.
        chunkFileNames: (chunk) => {
          const catalog = chunk.facadeModuleId?.match(/locales[\\/](\w+)[\\/](\w+)\.po$/);
          return catalog ? `assets/messages-${catalog[1]}-${catalog[2]}-[hash].js` : 'assets/[name]-[hash].js';
        },
        // Every page needs these libraries: one chunk compresses better than the five small
        // ones the automatic split made of them (gzip's dictionary is per file).
        codeSplitting: {
          groups: [{ name: 'shell', test: /node_modules[\\/](react|react-dom|scheduler|wouter|regexparam|use-sync-external-store|@tanstack[\\/](query-core|react-query)|openapi-fetch|partysocket)[\\/]/ }],
        },
      },
    },
  },
  test: {
    globals: true,
    environment: 'jsdom',
    environmentOptions: { jsdom: { url: 'http://localhost/' } },
    setupFiles: ['src/testing/setup-tests.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // One jsdom per worker, not one per file: building it was 45 % of the run (46 s -> 9 s for
    // 187 tests). The setup file leaves nothing behind between tests (DOM, request handlers,
    // cookie, storage), and the files pass in any order (`--sequence.shuffle`, docs/testing.md).
    isolate: false,
    css: false,
  },
}));
