// A database that went away under a request (its connection terminated, the server restarting, the network cut):
// the request fails with a clean 503 and its transaction is rolled back by the database; the next request gets a
// fresh connection (db/client.ts). Recognised by SQLSTATE where the server said why, else by the drivers' own
// words, on the error or anywhere in its chain of causes (drizzle wraps the driver's error).

/** SQLSTATE classes and codes that mean the connection, not the request, failed. */
const CONNECTION_STATES = /^(08...|57P0[1-3]|53300)$/;

/** What node-postgres, PGlite and the socket say when a connection is gone. */
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
  'PGlite is closed',
];
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTCONN']);

export function isConnectionLost(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (CONNECTION_STATES.test(code) || SOCKET_CODES.has(code))) return true;
    if (typeof message === 'string' && CONNECTION_MESSAGES.some((m) => message.includes(m))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export const CONNECTION_LOST_MESSAGE =
  'We lost the connection to our database for a moment. Please try again.';

/**
 * The database chose this transaction to break a deadlock (SQLSTATE 40P01): it was rolled back whole, and running it
 * again is safe (two imports' batches whose payments touch one creator's rows, each in its own order).
 */
export function isDeadlock(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    if ((e as { code?: unknown }).code === '40P01') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
