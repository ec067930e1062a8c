// a cross-site form changes nothing, on any route, body or not (decision 018). Every
// state-changing operation of the OpenAPI document is sent as multipart/form-data, urlencoded and text/plain,
// without Origin and with a foreign Origin (and JSON with Sec-Fetch-Site: cross-site), on real ids with a real
// session: each is refused (403, or 415 for a type no route reads), the whole database is as it was, and the
// session still works as itself (no sign-out, no impersonation). The app's own upload, with its Origin, works.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proofFiles } from '../../src/server/db/schema';
import { multipartFile, PDF_BYTES } from '../support/accounts';
import { databaseFingerprint } from '../support/db-fingerprint';
import { adminLoan, type Loan, quickUser, type SignedIn } from '../support/servicing';
import { APP_URL, createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: SignedIn;
let creator: SignedIn;
let loan: Loan;

type Operation = { method: string; path: string; tags: string[] };
let operations: Operation[] = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = await quickUser(t, 'csrf-admin@example.com', 'admin');
  creator = await quickUser(t, 'csrf-creator@example.com');
  loan = await adminLoan(admin, creator);
  const doc = t.app.swagger() as { paths: Record<string, Record<string, { tags?: string[] }>> };
  for (const [route, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (['post', 'put', 'patch', 'delete'].includes(method)) {
        operations.push({ method: method.toUpperCase(), path: route, tags: op.tags ?? [] });
      }
    }
  }
  operations = operations.sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
});
afterAll(() => t?.close());

/** The path with real ids: if the request got through, it would act on something that exists. */
function realUrl(route: string) {
  return route
    .replace('/api/users/{id}', `/api/users/${creator.userId}`)
    .replace('/api/admin/users/{id}', `/api/admin/users/${creator.userId}`)
    .replace('/api/admin/impersonate/{id}', `/api/admin/impersonate/${creator.userId}`)
    .replace('/api/insights/analyze-user/{id}', `/api/insights/analyze-user/${creator.userId}`)
    .replace('{questId}', '1')
    .replace('{key}', 'youtube')
    .replace('{id}', String(loan.id));
}

const asAdmin = (op: Operation) =>
  op.tags.some((tag) => tag === 'admin' || tag === 'lending') || op.path.startsWith('/api/admin');

/** What a page on another site can make a browser send without a preflight. */
const formBodies = () => {
  const multipart = multipartFile('proof.pdf', PDF_BYTES, 'application/pdf');
  return [
    { name: 'multipart', headers: multipart.headers, payload: multipart.payload },
    {
      name: 'urlencoded',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'reason=csrf&mode=testing&status=approved&amount=100&paymentDate=2026-11-23',
    },
    {
      name: 'text/plain',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload:
        '{"reason":"csrf","mode":"testing","status":"approved","amount":100,"paymentDate":"2026-11-23"}',
    },
  ];
};

const origins: Array<[string, Record<string, string>]> = [
  ['no Origin', {}],
  ['a foreign Origin', { origin: 'https://evil.example' }],
  ['Origin null', { origin: 'null' }],
  ['a look-alike Origin', { origin: `${APP_URL}.evil.example` }],
];

async function expectStillThemselves() {
  const me = await creator.get('/api/user');
  expect(me.statusCode).toBe(200);
  expect(me.json().id).toBe(creator.userId);
  const adminMe = await admin.get('/api/user');
  expect(adminMe.statusCode).toBe(200);
  expect(adminMe.json()).toMatchObject({ id: admin.userId, role: 'admin' });
  expect(adminMe.json().impersonatedBy ?? null).toBeNull();
  expect((await admin.get('/api/admin/overview')).statusCode).toBe(200);
}

describe('cross-site forms change nothing', () => {
  it('the document lists the state-changing routes, body or not', () => {
    const names = operations.map((op) => `${op.method} ${op.path}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'POST /api/logout',
        'POST /api/admin/stop-impersonate',
        'POST /api/admin/impersonate/{id}',
        'POST /api/proof-files',
        'PATCH /api/users/{id}',
        'DELETE /api/admin/applications/{id}',
      ]),
    );
  });

  it('every state-changing route refuses multipart, urlencoded and text/plain without its Origin', async () => {
    const before = await databaseFingerprint(t.database.db);
    const answers: string[] = [];
    for (const op of operations) {
      const client = asAdmin(op) ? admin : creator;
      for (const [originName, originHeader] of origins) {
        for (const form of formBodies()) {
          const res = await t.app.inject({
            method: op.method as 'POST',
            url: realUrl(op.path),
            headers: { ...form.headers, ...originHeader, cookie: client.cookieHeader() },
            payload: form.payload,
          });
          answers.push(`${op.method} ${op.path} ${form.name} ${originName}: ${res.statusCode}`);
          expect([403, 415], `${op.method} ${op.path} ${form.name} ${originName}: ${res.body}`).toContain(
            res.statusCode,
          );
          expect(typeof res.json().message).toBe('string');
          // No cookie is set or cleared by a refused request.
          expect(res.cookies).toEqual([]);
        }
      }
    }
    expect(answers.length).toBe(operations.length * origins.length * 3);
    expect(await databaseFingerprint(t.database.db)).toEqual(before);
    await expectStillThemselves();
  });

  it('JSON from another site is refused too: a foreign Origin, or Sec-Fetch-Site: cross-site', async () => {
    const before = await databaseFingerprint(t.database.db);
    for (const op of operations) {
      const client = asAdmin(op) ? admin : creator;
      for (const headers of [
        { origin: 'https://evil.example' },
        { 'sec-fetch-site': 'cross-site' },
        { origin: APP_URL, 'sec-fetch-site': 'cross-site' },
      ]) {
        const res = await t.app.inject({
          method: op.method as 'POST',
          url: realUrl(op.path),
          headers: { ...headers, 'content-type': 'application/json', cookie: client.cookieHeader() },
          payload: '{"reason":"csrf"}',
        });
        expect(res.statusCode, `${op.method} ${op.path} ${JSON.stringify(headers)}: ${res.body}`).toBe(403);
        expect(res.json().message).toBe('Cross-site request refused');
      }
    }
    expect(await databaseFingerprint(t.database.db)).toEqual(before);
    await expectStillThemselves();
  });

  it('a multipart sign-out, stop-viewing or impersonation without Origin does nothing (the reported cases)', async () => {
    const form = multipartFile('x.txt', Buffer.from('x'));
    for (const [url, client] of [
      ['/api/logout', creator],
      ['/api/admin/stop-impersonate', admin],
      [`/api/admin/impersonate/${creator.userId}`, admin],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...form.headers, cookie: client.cookieHeader() },
        payload: form.payload,
      });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(403);
    }
    await expectStillThemselves();
  });

  it('the app’s own upload (multipart with its Origin) works; the same upload without Origin stores nothing', async () => {
    const uploads = () => {
      try {
        return readdirSync(path.join(t.config.dataDir, 'uploads', String(creator.userId)));
      } catch {
        return [];
      }
    };
    const filesBefore = uploads().length;
    const before = await databaseFingerprint(t.database.db);
    const refused = multipartFile('proof.pdf', PDF_BYTES, 'application/pdf');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/proof-files',
      headers: { ...refused.headers, cookie: creator.cookieHeader() },
      payload: refused.payload,
    });
    expect(res.statusCode).toBe(403);
    expect(await databaseFingerprint(t.database.db)).toEqual(before);
    expect(uploads().length).toBe(filesBefore);

    const own = multipartFile('proof.pdf', PDF_BYTES, 'application/pdf');
    const ok = await creator.request({ method: 'POST', url: '/api/proof-files', ...own });
    expect(ok.statusCode, ok.body).toBe(201);
    const rows = await t.database.db.select().from(proofFiles).where(eq(proofFiles.userId, creator.userId));
    expect(rows).toHaveLength(1);
    expect(uploads().length).toBe(filesBefore + 1);
  });

  it('JSON without Origin (a script or a server, not a browser form) is still served', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: { username: 'nobody@example.com', password: 'not-the-password' },
    });
    expect(res.statusCode).toBe(401);
  });
});
