import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { WPML_LANGUAGES } from './src/components/flags/languages';

/**
 * Ships a flag for every WPML language at /flags/{code}.svg, read from the `flag-icons` package
 * (installed from the npm registry like every other dependency), so no flag comes from the network.
 */
function wpmlFlags(): Plugin {
  const flagDir = join(dirname(createRequire(import.meta.url).resolve('flag-icons/package.json')), 'flags', '4x3');
  const svgFor = (code: string): Buffer | null => {
    const language = WPML_LANGUAGES[code];
    return language === undefined ? null : readFileSync(join(flagDir, `${language.flag}.svg`));
  };
  return {
    name: 'wordmark-wpml-flags',
    configureServer(server) {
      server.middlewares.use('/flags', (request, response, next) => {
        const code = /^\/([a-z-]+)\.svg$/.exec(request.url ?? '')?.[1];
        const svg = code === undefined ? null : svgFor(code);
        if (svg === null) {
          next();
          return;
        }
        response.setHeader('Content-Type', 'image/svg+xml');
        response.end(svg);
      });
    },
    generateBundle() {
      for (const code of Object.keys(WPML_LANGUAGES)) {
        this.emitFile({ type: 'asset', fileName: `flags/${code}.svg`, source: svgFor(code) ?? '' });
      }
    },
  };
}

// The Rust server serves the API and, in production, this built app from one port.
// In development the Vite server forwards API calls to it instead.
const apiTarget = process.env.WORDMARK_API_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), wpmlFlags()],
  server: {
    proxy: {
      '/api': apiTarget,
      '/auth': apiTarget,
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'mantine', test: /node_modules[\\/]@mantine/ },
            { name: 'icons', test: /node_modules[\\/]@tabler/ },
            { name: 'vendor', test: /node_modules/ },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    restoreMocks: true,
    testTimeout: 15_000,
  },
});
