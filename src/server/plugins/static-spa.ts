// Serves the built React app and falls back to index.html for client-side routes, so deep links work.
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const CLIENT_DIST = path.resolve('dist/client');

export async function registerStaticSpa(app: FastifyInstance) {
  const hasBuild = existsSync(path.join(CLIENT_DIST, 'index.html'));
  if (hasBuild) {
    // wildcard: files are looked up per request, so a rebuilt client (new hashed asset names) is served
    // without a restart; a missing file falls through to the handler below.
    await app.register(fastifyStatic, { root: CLIENT_DIST, wildcard: true, index: false });
    // The root is a directory to the static plugin; it is the app shell to a browser.
    app.get('/', { schema: { hide: true } }, (_request, reply) =>
      reply.type('text/html; charset=utf-8').sendFile('index.html', CLIENT_DIST, { maxAge: 0 }),
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
    return reply.type('text/html; charset=utf-8').sendFile('index.html', CLIENT_DIST, { maxAge: 0 });
  });
}
