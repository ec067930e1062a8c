import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
// (.js: resolved to the .ts files; Vite's config loader asks for an extension.)
import { appCodeSplitting } from './scripts/vite-chunks.js';
import { precompress } from './scripts/vite-precompress.js';
import { prerenderLanding } from './scripts/vite-prerender.js';

const apiServer = 'http://localhost:5000';

// In development the page is served from :5173; `npm run dev` sets APP_URL to that address, so the
// browser's own Origin passes the API's cross-site check unchanged through the proxy.
const toApi: ProxyOptions = { target: apiServer };

export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    react(),
    tailwindcss(),
    // landing.html: the landing page pre-rendered, for `/` (scripts/vite-prerender.ts).
    prerenderLanding('src/client/app/prerender.tsx'),
    // Last: compresses everything written above.
    precompress(),
  ],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    // No preload helper around dynamic imports: the browser fetches a lazy chunk's imports itself as it parses
    // it. The helper added a <link rel=modulepreload> from script for each of a chunk's imports (14 for the
    // dashboard), main-thread work on a phone that cost more than the round trip it saved: Lighthouse on a
    // signed-in /dashboard, phone, 77 and 77 without it against 71 and 72 with it (bench/README.md).
    modulePreload: false,
    // Fewer, larger files for the first page and the signed-in pages (scripts/vite-chunks.ts).
    rolldownOptions: { output: { codeSplitting: appCodeSplitting } },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': toApi,
      '/dev': toApi,
    },
  },
});
