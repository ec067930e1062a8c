// Conditional GET for polled lists (decision in docs/ARCHITECTURE.md, "Scale-out"): a route that
// declares `config: { dataVersion: kind }` has its data version read together with the session (one indexed
// round trip, see plugins/session.ts), and the `conditionalGet()` hook answers 304 with no body when the
// browser's If-None-Match still names the current ETag, before the handler reads anything.
//
// The ETag changes whenever what the reader sees may change:
// - the data version of its key (database triggers bump it in every transaction that changes the data;
//   drizzle/0003): 'creator:<whose applications are shown>' or 'users';
// - who is looking: the user whose rights apply and, while impersonating, the admin behind them;
// - anything else the route's answer depends on, given by the route (the business date for days past due);
// - RESPONSE_FORMAT, bumped whenever a versioned answer changes shape.
// It names the JSON, whatever content coding carries it: If-None-Match compares weakly (RFC 9110 13.1.2),
// so a gzip copy revalidates a br one, and no range request is served from these lists.
//
// Usage (the lead's admin Users list: `config: { dataVersion: 'users' }` and
// `onRequest: [staffOnly('read'), conditionalGet()]`):
//   r.get('/api/applications', {
//     onRequest: [signedIn, conditionalGet(() => [today(deps.clock)])],
//     config: { dataVersion: 'creator' },
//   }, handler)
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

/** Whose version a route reads: the acting user's own data ('creator:<id>'), or the admin Users list. */
export type DataVersionKind = 'creator' | 'users';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Read this data version with the session, for conditionalGet(). */
    dataVersion?: DataVersionKind;
  }
  interface FastifyRequest {
    /** The route's data version as read with the session (null: not asked for, or never bumped yet). */
    dataVersion: string | null;
    /** The ETag of this answer, set by conditionalGet() and sent on a 200. */
    etag: string | null;
  }
}

/** Bump when the answer of a versioned route changes shape (2: the creator list without score breakdowns). */
export const RESPONSE_FORMAT = 2;

/** Browsers keep the answer but ask every time (If-None-Match); shared caches never keep it. */
export const VERSIONED_CACHE_CONTROL = 'private, no-cache';

/** The strong ETag of a versioned answer for this request's reader. */
export function versionedEtag(request: FastifyRequest, extra: readonly (string | number)[] = []): string {
  const kind = request.routeOptions.config.dataVersion;
  if (!kind) throw new Error(`${request.routeOptions.url}: conditionalGet() needs config.dataVersion`);
  const auth = request.auth;
  const viewer = auth
    ? auth.isImpersonating
      ? `${auth.user.id}.as.${auth.realUser.id}`
      : `${auth.user.id}`
    : '-';
  const parts = [RESPONSE_FORMAT, kind, request.dataVersion ?? '0', viewer, ...extra];
  return `"${parts.join('-')}"`;
}

/** If-None-Match holds this ETag (weak comparison, lists and `*` included). */
export function ifNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header === etag) return true;
  for (const candidate of header.split(',')) {
    const tag = candidate.trim();
    if (tag === '*' || tag === etag || (tag.startsWith('W/') && tag.slice(2) === etag)) return true;
  }
  return false;
}

/**
 * Route onRequest hook, after the route's guard: sets the ETag for this request and answers 304 with no body
 * when the browser already has it. `extra` names what else the answer depends on.
 */
export function conditionalGet(extra?: (request: FastifyRequest) => readonly (string | number)[]) {
  // A callback hook: no promise on the poll's path. Sending the 304 from the hook ends the
  // request there; done() is not called then, as Fastify asks of a hook that replies.
  const notModified = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    // A guard before this hook has already answered a visitor; nothing to version without a reader.
    if (!request.auth) return done();
    const etag = versionedEtag(request, extra ? extra(request) : []);
    request.etag = etag;
    if (ifNoneMatch(request.headers['if-none-match'], etag)) {
      // A 304 carries what RFC 9110 asks of it (ETag and Cache-Control, set in onSend), not the security
      // headers: they describe a body, and the browser keeps those of the answer it already has. Writing that
      // dozen headers out was about a sixth of an unchanged poll's CPU (12,400-13,000 -> 14,000-15,600
      // polls a second on PostgreSQL).
      for (const name of request.server.securityHeaderNames) reply.removeHeader(name);
      reply.code(304).send();
      return;
    }
    done();
  };
  return Object.assign(notModified, { [CONDITIONAL]: true });
}

const CONDITIONAL = Symbol('conditionalGet');

/**
 * The request decorations, and the check that a route with the hook names its version. The ETag and its
 * cache policy are set by `apiCacheHeaders` from the app's one onSend hook (app.ts).
 */
export function registerConditionalGet(app: FastifyInstance) {
  app.decorateRequest('dataVersion', null);
  app.decorateRequest('etag', null);
  // A route with the hook but no version to compare is a mistake to catch at start-up, not on a request.
  app.addHook('onRoute', (route) => {
    const hooks = [route.onRequest].flat() as Array<{ [CONDITIONAL]?: boolean } | undefined>;
    if (hooks.some((hook) => hook?.[CONDITIONAL]) && !route.config?.dataVersion) {
      throw new Error(`${route.method} ${route.url}: conditionalGet() needs config.dataVersion`);
    }
  });
}

/**
 * The cache headers of an API answer: the ETag with its revalidate-every-time policy on a versioned 200 or 304
 * (an error must never be stored and revalidated), else no-store.
 */
export function apiCacheHeaders(request: FastifyRequest, reply: FastifyReply) {
  if (request.etag !== null && (reply.statusCode === 200 || reply.statusCode === 304)) {
    reply.header('etag', request.etag);
    reply.header('cache-control', VERSIONED_CACHE_CONTROL);
  } else {
    reply.header('cache-control', 'no-store');
  }
}
