import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { mantineStylesCheck } from './build/mantine-styles-check';
import { paintBeforeStyles } from './build/paint-before-styles';
import { precompress } from './build/precompress';

/**
 * First path segments of the server's API (spec section 7, as the contract spells them).
 * Listed here rather than imported from the contract because Vite loads this file with Node,
 * which cannot import the contract's TypeScript sources.
 */
const API_PREFIXES = [
  'login',
  'Localisation',
  'branding',
  'thumbnails',
  'account',
  'api',
  'onboarding',
  'Dashboard',
  'dashboard',
  'documentsrepository',
  'reports',
  'healthz',
];

const API_SERVER = process.env.PORTAL_API_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), paintBeforeStyles(), mantineStylesCheck(), precompress()],
  // Hash routing keeps every page at the root, so absolute asset URLs are safe.
  base: '/',
  build: {
    outDir: 'dist',
    // The server reads it to have the page preload the texts of the visitor's language.
    manifest: true,
    emptyOutDir: true,
    // Maps for error tooling, not advertised to browsers.
    sourcemap: 'hidden',
    // The server's CSP forbids inline scripts; never inline the module preload helper.
    modulePreload: { polyfill: false },
    // One stylesheet for every screen, in import order: a screen's file fetched later would put
    // its styles before the UI kit's (see build/paint-before-styles.ts) and lose their ties to them.
    cssCodeSplit: false,
    rollupOptions: {
      output: {
        // Route splitting leaves dozens of tiny shared files; each costs a request on a phone.
        // Rollup folds those under 20 kB into a neighbour when that changes nothing a route loads.
        experimentalMinChunkSize: 20_000,
      },
      onwarn(warning, warn) {
        // zod ships comments Rollup cannot place; harmless and not ours to fix.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('node_modules')) return;
        warn(warning);
      },
    },
  },
  server: {
    proxy: {
      [`^/(${API_PREFIXES.join('|')})(/|\\?|$)`]: { target: API_SERVER, changeOrigin: false },
    },
  },
});
