// Security headers and the cross-site request rules of the architecture: state-changing requests must be
// JSON (or multipart for uploads), and an Origin header, when present, must be APP_URL.
//
// The headers are helmet's, computed once at start-up: they depend on the configuration only, and working them
// out again on every request (as @fastify/helmet does) cost about a third of the CPU of a 304 poll (issue 10).
// Routes that need their own policy (the OpenAPI page) set it later and replace these.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config';
import { forbidden } from '../lib/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export async function registerSecurity(app: FastifyInstance, config: Config) {
  const allowedOrigins = new Set([new URL(config.appUrl).origin]);
  const headers = securityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https://i.ytimg.com', 'https://yt3.ggpht.com'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.appUrl.startsWith('https:') ? [] : null,
      },
    },
    // The statement and the YouTube pop-up talk to their opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    strictTransportSecurity: config.appUrl.startsWith('https:'),
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });

  // Only JSON bodies (multipart is added by the upload routes). Form posts from other sites get 415.
  app.removeContentTypeParser(['text/plain']);

  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin !== undefined && !allowedOrigins.has(origin)) {
      throw forbidden('Cross-site request refused');
    }
    if (request.headers['sec-fetch-site'] === 'cross-site') {
      throw forbidden('Cross-site request refused');
    }
  });
}

/** The headers helmet sets with these options, read once from a response that only records them. */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}
