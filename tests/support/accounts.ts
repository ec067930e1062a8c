// Account helpers for API tests: read codes and links from the outbox, as a user reads their e-mail.
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { mailOutbox, sessions, users } from '../../src/server/db/schema';
import { sha256 } from '../../src/server/lib/crypto';
import { hashPassword } from '../../src/server/lib/passwords';
import { Client, type TestApp } from './test-app';

export const PASSWORD = 'correct-horse-42';

export async function latestMailTo(db: Db, to: string) {
  const [row] = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, to))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return row;
}

export async function latestCodeFor(db: Db, to: string): Promise<string> {
  const mail = await latestMailTo(db, to);
  const code = mail?.textBody.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code e-mailed to ${to}`);
  return code;
}

export const registration = (username: string, extra: Record<string, unknown> = {}) => ({
  username,
  password: PASSWORD,
  firstName: 'Naledi',
  lastName: 'Khumalo',
  creatorType: 'full-time',
  bio: 'Makes videos',
  country: 'South Africa',
  city: 'Pretoria',
  ...extra,
});

/** A verified account inserted directly (fast), and a client signed in as it. */
export async function signedInUser(t: TestApp, username: string, role: 'user' | 'admin' = 'user') {
  await t.database.db.insert(users).values({
    username,
    passwordHash: await hashPassword(PASSWORD),
    firstName: role === 'admin' ? 'Ada' : 'Zola',
    lastName: 'Test',
    role,
    verified: true,
  });
  const client = new Client(t.app);
  const res = await client.post('/api/login', { username, password: PASSWORD });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  if (role === 'admin') await passMfaAsTestSetup(t, client);
  return client;
}

/**
 * Test setup, not the journey: marks this client's session as having passed the admin second factor, so suites
 * about admin features start from an admin who could use them. The second factor itself (enrolment, codes,
 * lockout) is tested through the real routes in tests/api/mfa.test.ts.
 */
export async function passMfaAsTestSetup(t: TestApp, client: Client) {
  const token = /(?:^|; )vuka_session=([^;]+)/.exec(client.cookieHeader())?.[1];
  if (!token) throw new Error('passMfaAsTestSetup: the client is not signed in');
  await t.database.db
    .update(sessions)
    .set({ mfaPassedAt: t.clock.now() })
    .where(eq(sessions.tokenHash, sha256(token)));
}

/** A valid SA ID number of an adult (born 15 January 1990; Luhn check digit 6): the application's identity. */
export const TEST_ID_NUMBER = '9001155009086';

export const applicationBody = (extra: Record<string, unknown> = {}) => ({
  applicationType: 'personal',
  firstName: 'Zola',
  lastName: 'Test',
  identityType: 'sa_id',
  idNumber: TEST_ID_NUMBER,
  requestedAmount: 20_000,
  monthlyRevenue: 8_000,
  useOfFunds: ['equipment_purchase'],
  termsAccepted: true,
  ...extra,
});

/** A minimal valid PDF, and a whole 1 x 1 PNG (signature, IHDR, IDAT, IEND: the upload checks where it ends). */
export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
export const PNG_BYTES = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000b49444154789c6360000200000500017a5eab3f0000000049454e44ae426082',
  'hex',
);

export function multipartFile(
  filename: string,
  data: Buffer,
  contentType = 'application/octet-stream',
  field = 'file',
) {
  const boundary = `----vuka${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, data, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
