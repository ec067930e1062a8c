// Server-side sessions: the browser holds a 256-bit random token, the database only its SHA-256.
// "Remember me" sessions last 30 days; others end with the browser (no Max-Age) and after two idle hours
// on the server, so a shared computer left signed in does not stay open.
// Staff (every role but a creator's) never get a remembered session: theirs end with the browser,
// after 12 hours at most and after 30 minutes in which they did nothing. A screen refreshing itself in the background
// (the client marks those requests, BACKGROUND_REQUEST_HEADER) is not something done: it does not keep it open.
//
// Sessions are aged by the app's session clock (lib/deps.ts): the system clock in production, like the business
// clock; a test that moves the business clock by months keeps sessions on a clock of its own, and a test of
// expiry moves that one.
import { REMEMBER_ME_DAYS, STAFF_IDLE_MINUTES, STAFF_SESSION_MAX_HOURS } from '../../../shared/constants';
import { isStaff } from '../../../shared/staff-roles';
import type { Db, DbOrTx } from '../../db/client';
import type { Session } from '../../db/types';
import type { DataVersionKind } from '../../lib/conditional-get';
import { randomToken, sha256 } from '../../lib/crypto';
import {
  deleteExpiredSessions,
  deleteSessionById,
  deleteSessionsOfUser,
  findSessionWithUser,
  insertSession,
  type RequestSession,
  type SessionUser,
  touchSession,
} from './sessions.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
export const PERSISTENT_SESSION_MS = REMEMBER_ME_DAYS * DAY_MS;
/** Absolute cap for a browser-session sign-in. */
const BROWSER_SESSION_MAX_MS = DAY_MS;
/** A browser-session sign-in unused for this long is over. */
const IDLE_TIMEOUT_MS = 2 * 60 * 60 * 1000;
const STAFF_SESSION_MAX_MS = STAFF_SESSION_MAX_HOURS * 60 * 60 * 1000;
const STAFF_IDLE_MS = STAFF_IDLE_MINUTES * 60 * 1000;
/** lastSeenAt is written at most this often: the dashboard polls every second. */
const TOUCH_INTERVAL_MS = 60 * 1000;

export type { RequestSession, SessionUser };

export type AuthContext = {
  session: RequestSession;
  /** The signed-in account (the admin while impersonating). */
  realUser: SessionUser;
  /** Whose rights apply: the impersonated creator while impersonating, else realUser. */
  user: SessionUser;
  isImpersonating: boolean;
};

/** How long a new sign-in may last and whether it outlives the browser: staff never keep one. */
export function sessionTerms(role: string, rememberMe: boolean): { persistent: boolean; maxMs: number } {
  if (isStaff(role)) return { persistent: false, maxMs: STAFF_SESSION_MAX_MS };
  return rememberMe
    ? { persistent: true, maxMs: PERSISTENT_SESSION_MS }
    : { persistent: false, maxMs: BROWSER_SESSION_MAX_MS };
}

export async function createSession(
  db: DbOrTx,
  user: { id: number; role: string },
  rememberMe: boolean,
  meta: { ip?: string; userAgent?: string },
  now: Date,
): Promise<{ token: string; session: Session }> {
  const token = randomToken();
  const { persistent, maxMs } = sessionTerms(user.role, rememberMe);
  const session = await insertSession(db, {
    tokenHash: sha256(token),
    userId: user.id,
    persistent,
    createdAt: now,
    expiresAt: new Date(now.getTime() + maxMs),
    lastSeenAt: now,
    ip: meta.ip?.slice(0, 64),
    userAgent: meta.userAgent?.slice(0, 400),
  });
  return { token, session };
}

/**
 * The request's session in one prepared read (session, user, impersonated user and, for a conditional GET,
 * the data version): null when there is none, or when it has expired, gone idle or its user is no longer
 * active (then it is deleted). lastSeenAt is written only when over a minute old.
 */
export async function resolveSession(
  db: Db,
  token: string,
  options: { now: Date; dataVersion?: DataVersionKind; background?: boolean },
): Promise<{ auth: AuthContext; dataVersion: string | null } | null> {
  const { now } = options;
  const found = await findSessionWithUser(db, sha256(token), options.dataVersion ?? null);
  if (!found) return null;
  const { session, user, target } = found;
  const staff = isStaff(user.role);
  const idle = now.getTime() - session.lastSeenAt.getTime();
  // Staff limits apply by the role the user has now: a session from before (or before a promotion) is held to them.
  const idleExpired = staff ? idle > STAFF_IDLE_MS : !session.persistent && idle > IDLE_TIMEOUT_MS;
  const tooOld = staff && now.getTime() - session.createdAt.getTime() > STAFF_SESSION_MAX_MS;
  if (session.expiresAt <= now || idleExpired || tooOld || user.status !== 'active') {
    await deleteSessionById(db, session.id);
    return null;
  }
  // A staff member's background refresh is not activity; anyone else's request is (as before).
  const activity = !(staff && options.background);
  if (activity && idle > TOUCH_INTERVAL_MS) {
    await touchSession(db, session.id, now);
  }
  // An admin demoted mid-impersonation, or a target gone away, ends the impersonation view (the version
  // key in the read follows the same rule).
  const acting = target && target.status === 'active' && user.role === 'admin' ? target : user;
  return {
    auth: { session, realUser: user, user: acting, isImpersonating: acting.id !== user.id },
    dataVersion: found.dataVersion,
  };
}

export const destroySession = (db: DbOrTx, sessionId: number) => deleteSessionById(db, sessionId);
export const destroyAllSessionsOf = (db: DbOrTx, userId: number) => deleteSessionsOfUser(db, userId);

export const purgeExpiredSessions = (db: DbOrTx, now: Date) =>
  deleteExpiredSessions(db, now, new Date(now.getTime() - IDLE_TIMEOUT_MS));
