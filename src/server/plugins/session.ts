// Resolves the session cookie on every API request into request.auth, and owns the cookie's flags.
// Route guards (requireUser, requireAdmin) are the authorization entry points of every handler.
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import {
  type AuthContext,
  PERSISTENT_SESSION_MS,
  resolveSession,
} from '../features/sessions/sessions.service';
import { registerConditionalGet } from '../lib/conditional-get';
import { forbidden, unauthorized } from '../lib/errors';

export const SESSION_COOKIE = 'vuka_session';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export async function registerSession(app: FastifyInstance, config: Config, db: Db) {
  await app.register(cookie);
  app.decorateRequest('auth', null);
  registerConditionalGet(app);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 100) return;
    // A route that answers conditional GETs has its data version read in the same round trip.
    const resolved = await resolveSession(db, token, {
      dataVersion: request.routeOptions.config.dataVersion,
    });
    if (!resolved) return;
    request.auth = resolved.auth;
    request.dataVersion = resolved.dataVersion;
  });
  const secure = config.appUrl.startsWith('https:');
  app.decorateReply('setSessionCookie', function (this: FastifyReply, token: string, persistent: boolean) {
    this.setCookie(SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure,
      // Without Max-Age the cookie ends with the browser; the server also ends it after idle time.
      ...(persistent ? { maxAge: PERSISTENT_SESSION_MS / 1000 } : {}),
    });
    return this;
  });
  app.decorateReply('clearSessionCookie', function (this: FastifyReply) {
    this.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
    return this;
  });
}

declare module 'fastify' {
  interface FastifyReply {
    setSessionCookie(token: string, persistent: boolean): FastifyReply;
    clearSessionCookie(): FastifyReply;
  }
}

export function requireUser(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** Admin rights need an admin who is not currently viewing the product as someone else. */
export function requireAdmin(request: FastifyRequest): AuthContext {
  const auth = requireUser(request);
  if (auth.user.role !== 'admin') throw forbidden('Admin access required');
  return auth;
}

/** Route-level onRequest guards: they run before the body is parsed and validated, so a visitor gets 401
 * (and a creator 403) whatever they send. Handlers still read request.auth through requireUser/requireAdmin. */
export const signedIn = async (request: FastifyRequest) => {
  requireUser(request);
};
export const adminOnly = async (request: FastifyRequest) => {
  requireAdmin(request);
};
