import { describe, expect, it } from 'vitest';
import { isConnectionLost, isDeadlock } from './database-errors';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isConnectionLost', () => {
  it('knows a connection that went away, on the error or in its causes', () => {
    expect(isConnectionLost(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionLost(withCode('57P01', 'terminating connection due to administrator command'))).toBe(
      true,
    );
    expect(isConnectionLost(withCode('08006'))).toBe(true);
    expect(isConnectionLost(withCode('ECONNREFUSED'))).toBe(true);
    expect(isConnectionLost(new Error('PGlite is closed'))).toBe(true);
    // drizzle's wrapper: "Failed query: ..." with the driver's error as its cause.
    const wrapped = new Error('Failed query: select 1', {
      cause: new Error('Client has encountered a connection error and is not queryable'),
    });
    expect(isConnectionLost(wrapped)).toBe(true);
  });

  it('leaves the request’s own faults and our bugs alone', () => {
    expect(isConnectionLost(withCode('23505', 'duplicate key'))).toBe(false);
    expect(isConnectionLost(withCode('22003', 'numeric field overflow'))).toBe(false);
    expect(isConnectionLost(withCode('40P01', 'deadlock detected'))).toBe(false);
    expect(isConnectionLost(new TypeError('Cannot read properties of undefined'))).toBe(false);
    expect(isConnectionLost(undefined)).toBe(false);
    expect(isConnectionLost('Connection terminated')).toBe(false);
  });
});

describe('isDeadlock', () => {
  it('knows a transaction the database rolled back to break a deadlock, also inside the ORM’s wrapper', () => {
    expect(isDeadlock(withCode('40P01', 'deadlock detected'))).toBe(true);
    expect(isDeadlock(new Error('Failed query: update …', { cause: withCode('40P01') }))).toBe(true);
    expect(isDeadlock(withCode('23505', 'duplicate key'))).toBe(false);
    expect(isDeadlock(withCode('40001', 'could not serialize access'))).toBe(false);
    expect(isDeadlock(new Error('deadlock detected'))).toBe(false);
    expect(isDeadlock(undefined)).toBe(false);
  });
});
