// Security headers and the cross-site request rules of the architecture: state-changing requests must be
// JSON (or multipart for uploads), and an Origin header, when present, must be APP_URL; a form content type
// (multipart, urlencoded, text/plain) needs that Origin (decision 018).
//
// The headers are helmet's, computed once at start-up: they depend on the configuration only, and working them
// out again on every request (as @fastify/helmet does) cost about a third of the CPU of a 304 poll.
// Routes that need their own policy (the OpenAPI page) set it later and replace these.
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config';
import { forbidden } from '../lib/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyInstance {
    /** The headers registerSecurity sets on every answer (a 304 drops them: lib/conditional-get.ts). */
    securityHeaderNames: readonly string[];
  }
}

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
  app.decorate('securityHeaderNames', Object.keys(headers));
  // JSON bodies, and multipart for the upload routes (registered in app.ts). Form posts from other sites are
  // refused with 403 below, before their body is read; a same-site text/plain post gets 415.
  app.removeContentTypeParser(['text/plain']);

  // One callback hook for both (no promise per request: the dashboard polls every second). It runs
  // before the session is read and before any route, body or not, runs: a refused request changes nothing.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    if (!SAFE_METHODS.has(request.method)) crossSiteCheck(request.headers, allowedOrigins);
    done();
  });
}

/** Throws 403 for a state-changing request that another site may have sent. */
function crossSiteCheck(headers: IncomingHttpHeaders, allowedOrigins: ReadonlySet<string>) {
  const origin = headers.origin;
  if (origin !== undefined && !allowedOrigins.has(origin)) {
    throw forbidden(CROSS_SITE_MESSAGE);
  }
  if (headers['sec-fetch-site'] === 'cross-site') {
    throw forbidden(CROSS_SITE_MESSAGE);
  }
  // An HTML form (or a no-CORS fetch) from another site sends one of these types without a preflight, and an
  // old browser may send it without Origin: without a matching Origin it is refused, whatever the route does
  // with its body (a multipart sign-out would otherwise sign the user out). The app's own uploads are fetch
  // requests, which always carry Origin.
  if (origin === undefined && isFormContentType(headers['content-type'])) {
    throw forbidden(CROSS_SITE_MESSAGE);
  }
}

export const CROSS_SITE_MESSAGE = 'Cross-site request refused';

/** The content types a cross-site HTML form can send ("simple" requests, no CORS preflight). */
const FORM_CONTENT_TYPES = new Set([
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'text/plain',
]);

export function isFormContentType(header: string | undefined): boolean {
  if (header === undefined) return false;
  const type = header.split(';', 1)[0]!.trim().toLowerCase();
  return FORM_CONTENT_TYPES.has(type);
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
