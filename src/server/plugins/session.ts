// Resolves the session cookie on every API request into request.auth, and owns the cookie's flags.
// Route guards (requireUser, requireStaff with its duty) are the authorization entry points of every handler.
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { BACKGROUND_REQUEST_HEADER } from '../../shared/constants';
import { isStaff, mayDo, type StaffDuty } from '../../shared/staff-roles';
import type { Config } from '../config';
import type { Db } from '../db/client';
import {
  type AuthContext,
  PERSISTENT_SESSION_MS,
  resolveSession,
} from '../features/sessions/sessions.service';
import type { Clock } from '../lib/clock';
import { registerConditionalGet } from '../lib/conditional-get';
import { AppError, forbidden, unauthorized } from '../lib/errors';

export const SESSION_COOKIE = 'vuka_session';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** This write is allowed while an admin views the product as a creator (sign out, stop viewing). */
    allowWhileImpersonating?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** What an admin viewing as a creator is told when they try to act for them (decision 011). */
export const IMPERSONATION_READ_ONLY_MESSAGE =
  'You are viewing as this creator: you can look, but not act for them. Stop viewing as them to act as yourself.';

const SESSION_COOKIE_PREFIX = `${SESSION_COOKIE}=`;

/**
 * The session cookie's value in a Cookie header (`a=1; vuka_session=...; b=2`): the first of that name, as
 * browsers send the most specific path first. Read here rather than by the cookie plugin's hook, which parsed
 * every cookie into a new object on every request, and added an onSend hook to every answer, for one value
 * (about 4% of an unchanged poll's time). Values are taken as sent: a session token is base64url.
 */
export function sessionCookieValue(header: string | undefined): string | undefined {
  if (!header) return undefined;
  let at = 0;
  while (at < header.length) {
    while (header.charCodeAt(at) === 0x20 || header.charCodeAt(at) === 0x09) at++;
    const end = header.indexOf(';', at);
    const stop = end === -1 ? header.length : end;
    if (header.startsWith(SESSION_COOKIE_PREFIX, at)) {
      return header.slice(at + SESSION_COOKIE_PREFIX.length, stop).trimEnd();
    }
    at = stop + 1;
  }
  return undefined;
}

export async function registerSession(app: FastifyInstance, config: Config, db: Db, sessionClock: Clock) {
  // The plugin only writes the cookie (Set-Cookie); the request's cookie is read by sessionCookieValue().
  await app.register(cookie, { hook: false });
  app.decorateRequest('auth', null);
  registerConditionalGet(app);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = sessionCookieValue(request.headers.cookie);
    if (!token || token.length > 100) return;
    // A route that answers conditional GETs has its data version read in the same round trip.
    const resolved = await resolveSession(db, token, {
      now: sessionClock.now(),
      dataVersion: request.routeOptions.config.dataVersion,
      background: request.headers[BACKGROUND_REQUEST_HEADER] === '1',
    });
    if (!resolved) return;
    request.auth = resolved.auth;
    request.dataVersion = resolved.dataVersion;
    // Impersonation is for looking: every write is refused while an admin views as a creator, whatever the
    // route, except the few that say otherwise (sign out, stop viewing). Consent, money and credential acts stay
    // the creator's own, and nothing is written in their name by someone else. Refused before the body is read.
    // (In this hook rather than one of its own: one promise less on every request.)
    if (!resolved.auth.isImpersonating || SAFE_METHODS.has(request.method)) return;
    if (request.routeOptions.config.allowWhileImpersonating) return;
    throw forbidden(IMPERSONATION_READ_ONLY_MESSAGE);
  });
  const secure = config.appUrl.startsWith('https:');
  const flags = { path: '/', httpOnly: true, sameSite: 'lax', secure } as const;
  app.decorateReply('setSessionCookie', function (this: FastifyReply, token: string, persistent: boolean) {
    // Without Max-Age the cookie ends with the browser; the server also ends it after idle time.
    const lifetime = persistent ? { maxAge: PERSISTENT_SESSION_MS / 1000 } : {};
    return this.header('set-cookie', app.serializeCookie(SESSION_COOKIE, token, { ...flags, ...lifetime }));
  });
  app.decorateReply('clearSessionCookie', function (this: FastifyReply) {
    return this.header(
      'set-cookie',
      app.serializeCookie(SESSION_COOKIE, '', { ...flags, expires: new Date(0), maxAge: 0 }),
    );
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

/** What an admin route answers a session that has not passed the second factor (decision 017). */
export const MFA_REQUIRED_MESSAGES = {
  enrol: 'Set up your authenticator app to use the admin pages.',
  verify: 'Enter the code from your authenticator app to use the admin pages.',
} as const;

/** What a role lacking a duty is told (the route's 403). */
const DUTY_REFUSALS: Record<StaffDuty, string> = {
  read: 'Staff access required',
  underwrite: 'Only an underwriter or an admin can do this',
  collect: 'Only a collector or an admin can do this',
  finance: 'Only finance or an admin can do this',
  administer: 'Only an admin can do this',
};

/**
 * Staff rights (docs/decisions/027-staff-roles.md) need a staff member who is not currently viewing the product as
 * someone else, on a session that has passed the second factor (otherwise 403 with `mfaRequired: true` and the step
 * still to do), whose role has the duty asked for (otherwise 403 naming who can).
 */
export function requireStaff(request: FastifyRequest, duty: StaffDuty = 'read'): AuthContext {
  const auth = requireUser(request);
  if (!isStaff(auth.user.role)) throw forbidden('Admin access required');
  if (!auth.session.mfaPassedAt) {
    const mfa = auth.realUser.mfaEnabledAt ? 'verify' : 'enrol';
    throw new AppError(403, MFA_REQUIRED_MESSAGES[mfa], { mfaRequired: true, mfa });
  }
  if (!mayDo(auth.user.role, duty)) throw forbidden(DUTY_REFUSALS[duty]);
  return auth;
}

/**
 * For the second-factor routes themselves: the signed-in account must be staff (401 / 403), whether or not
 * this session has passed the factor yet.
 */
export function requireAdminAccount(request: FastifyRequest): AuthContext {
  const auth = requireUser(request);
  if (!isStaff(auth.realUser.role)) throw forbidden('Admin access required');
  return auth;
}

/**
 * The user whose rights apply on a route open to creators where staff see more (any loan's statement): staff get
 * those wider rights only on a session that passed the second factor, like any staff route.
 */
export function requireActingUser(request: FastifyRequest): AuthContext {
  const auth = requireUser(request);
  return isStaff(auth.user.role) ? requireStaff(request) : auth;
}

/** Route-level onRequest guards: they run before the body is parsed and validated, so a visitor gets 401
 * (and a creator 403) whatever they send. Handlers still read request.auth through requireUser/requireStaff.
 * Callback hooks (a throw is the hook's error), not async ones: no promise per request. */
export const signedIn: onRequestHookHandler = (request, _reply, done) => {
  requireUser(request);
  done();
};
/** A staff route's guard, marked with its duty (the OpenAPI document lists the roles that have it). */
export type StaffGuard = onRequestHookHandler & { staffDuty: StaffDuty };
const staffGuards = new Map<StaffDuty, StaffGuard>();
/** The guard of a route that needs this duty: one per duty, made once. */
export function staffOnly(duty: StaffDuty): StaffGuard {
  let guard = staffGuards.get(duty);
  if (!guard) {
    guard = Object.assign<onRequestHookHandler, { staffDuty: StaffDuty }>(
      (request, _reply, done) => {
        requireStaff(request, duty);
        done();
      },
      { staffDuty: duty },
    );
    staffGuards.set(duty, guard);
  }
  return guard;
}
export const adminAccountOnly: onRequestHookHandler = (request, _reply, done) => {
  requireAdminAccount(request);
  done();
};
