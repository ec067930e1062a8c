// Serves the built React app and falls back to index.html for client-side routes, so deep links work.
//
// Files are served compressed from the .br and .gz siblings the build writes (scripts/vite-precompress.ts),
// with `Vary: Accept-Encoding`; a response already encoded this way is left alone by the JSON compression
// hook. Hashed assets (dist/client/assets/*) never change under their name, so browsers keep them a year
// without asking; everything else (index.html, the SPA fallback, favicon) is revalidated on every use
// (`no-cache` with the ETag and Last-Modified the static plugin sends), so a new build is picked up at once.
//
// The app shell is index.html, except at `/`: there it is landing.html when the build wrote it, the same page
// with the landing page pre-rendered in it (scripts/vite-prerender.ts).
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** The pre-rendered landing page the build writes beside index.html (scripts/vite-prerender.ts). */
export const LANDING_FILE = 'landing.html';

export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
export const REVALIDATE_CACHE = 'no-cache';

export async function registerStaticSpa(app: FastifyInstance, clientDir: string) {
  const root = path.resolve(clientDir);
  const assetsDir = path.join(root, 'assets') + path.sep;
  const hasBuild = existsSync(path.join(root, 'index.html'));
  const hasLanding = () => existsSync(path.join(root, LANDING_FILE));
  const sendShell = (reply: FastifyReply, file: string) =>
    reply.type('text/html; charset=utf-8').sendFile(file, root);

  if (hasBuild) {
    // wildcard: files are looked up per request, so a rebuilt client (new hashed asset names) is served
    // without a restart; a missing file falls through to the handler below.
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', filePath.startsWith(assetsDir) ? IMMUTABLE_CACHE : REVALIDATE_CACHE);
      },
    });
    // The root is a directory to the static plugin; it is the app shell to a browser. landing.html is looked
    // up per request (a stat), like the assets, so a rebuild needs no restart.
    app.get('/', { schema: { hide: true } }, (_request, reply) =>
      sendShell(reply, hasLanding() ? LANDING_FILE : 'index.html'),
    );
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0]!;
    const isApi = pathname.startsWith('/api/') || pathname === '/api' || pathname.startsWith('/dev/');
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      const message = `No route for ${request.method} ${pathname}`;
      return reply.status(404).send({ message, error: message });
    }
    // A missing asset is a 404, not the app shell.
    if (pathname.startsWith('/assets/') || !hasBuild) {
      const message = hasBuild ? 'Not found' : 'The client is not built yet: run `npm run build`.';
      return reply.status(404).send({ message, error: message });
    }
    return sendShell(reply, 'index.html');
  });
}
