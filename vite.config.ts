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
