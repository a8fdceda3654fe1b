import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
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

/** Text files worth compressing; source maps stay plain (only developer tools fetch them). */
const COMPRESSIBLE = /\.(?:js|css|html|svg|json)$/;

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy next to every compressible file of the build,
 * at the highest levels (once per build, not per request). The server sends one of them when the
 * browser accepts it (crates/server/src/web_assets.rs). A copy that would not be smaller is not
 * written, so the plain file is sent instead.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'wordmark-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    writeBundle() {
      const files = readdirSync(outDir, { recursive: true, encoding: 'utf8' }).filter((f) => COMPRESSIBLE.test(f));
      for (const file of files) {
        const path = join(outDir, file);
        const plain = readFileSync(path);
        const copies = {
          br: brotliCompressSync(plain, {
            params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: plain.length },
          }),
          gz: gzipSync(plain, { level: zlib.Z_BEST_COMPRESSION }),
        };
        for (const [suffix, bytes] of Object.entries(copies)) {
          if (bytes.length < plain.length) writeFileSync(`${path}.${suffix}`, bytes);
        }
      }
    },
  };
}

// The Rust server serves the API and, in production, this built app from one port.
// In development the Vite server forwards API calls to it instead.
const apiTarget = process.env.WORDMARK_API_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), wpmlFlags(), precompress()],
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
        // Screens are split by route (src/app/routes.tsx), so a group must not gather a library
        // that only some screens use: it would land in the first download. React, the router and
        // TanStack Query are needed on every screen, and change less often than the app, so they
        // get their own chunk that stays cached across releases.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](?:react|react-dom|scheduler|react-router|@tanstack[\\/](?:react-query|query-core))[\\/]/,
            },
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
    // A guard against a test that hangs, not a speed limit: `make test` runs this suite beside
    // the Rust suites on two cores, where the rebranding wizard's 7 s walk through six steps
    // took more than 15 s (CI, 2026-11-28). Speed is measured in docs/benchmarks.md.
    testTimeout: 60_000,
    // One jsdom and one setup per worker, not per file: those took a third of the run. Each
    // test leaves nothing behind (the setup's afterEach clears the DOM, Mantine's stores, the
    // request handlers, storage and the session), so files need no fresh module graph.
    isolate: false,
    // A worker per core: Vitest's default leaves one core to its main process, which on two
    // cores meant one worker; the main process has little to do (157 s → 91 s on 2 cores).
    maxWorkers: availableParallelism(),
  },
});
