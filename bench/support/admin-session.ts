// Benches measure admin endpoints, not the second factor: like the API tests' setup (tests/support/accounts.ts
// passMfaAsTestSetup), a bench admin's session is marked as having passed it straight in the database. The
// factor itself (enrolment, codes, lockout) is tested in tests/api/mfa.test.ts.
import { createHash } from 'node:crypto';

/** The stored hash of the session token in a Cookie header the sign-in answered (vuka_session=...). */
export function sessionTokenHash(cookie: string): string {
  const token = /(?:^|;\s*)vuka_session=([^;]+)/.exec(cookie)?.[1];
  if (!token) throw new Error('bench: the admin sign-in set no session cookie');
  return createHash('sha256').update(token).digest('hex');
}

export const PASS_MFA_SQL = 'update sessions set mfa_passed_at = now() where token_hash = $1';
