// no input gives a 5xx. Text the database cannot hold (NUL, lone surrogates), numbers beyond
// the database's integer in ids and filters, -0, too deep or too large bodies: a 400 (413) in the one error
// shape that names the field, and nothing stored. Money is a plain decimal, and Idempotency-Keys of 8-100
// characters all work (decision 018). The property-based sweep over every route is fuzz-openapi.test.ts.
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, payments } from '../../src/server/db/schema';
import { applicationBody, registration } from '../support/accounts';
import { databaseFingerprint } from '../support/db-fingerprint';
import { adminLoan, type Loan, quickUser, type SignedIn, storedState } from '../support/servicing';
import { APP_URL, createTestApp, TEST_EPOCH, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: SignedIn;
let creator: SignedIn;
let pendingId: number;

/**
 * A loan of a borrower of the calling test's own, paid out on the test epoch's day (payments below are dated
 * that day), so its payments are only the ones that test made.
 */
async function freshLoan(borrower: string): Promise<Loan> {
  t.clock.set(TEST_EPOCH);
  return adminLoan(admin, await quickUser(t, `${borrower}@example.com`), { requestedAmount: 12_000 });
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await quickUser(t, 'hardening-admin@example.com', 'admin');
  creator = await quickUser(t, 'hardening-creator@example.com');
  const applied = await creator.post('/api/applications', applicationBody({ requestedAmount: 5_000 }));
  expect(applied.statusCode).toBe(201);
  pendingId = applied.json().application.id;
});
afterAll(() => t?.close());

type Who = 'visitor' | 'creator' | 'admin';
const send = (who: Who, options: InjectOptions) =>
  who === 'visitor'
    ? t.app.inject({ ...options, headers: { origin: APP_URL, ...(options.headers as object) } })
    : (who === 'admin' ? admin : creator).request(options);

/** A request refused with 400 (or the given status) in the one error shape, and the database unchanged. */
async function expectRefused(who: Who, options: InjectOptions, field?: string, status = 400) {
  const before = await databaseFingerprint(t.database.db);
  const res = await send(who, options);
  expect(res.statusCode, `${options.method} ${options.url}: ${res.body}`).toBe(status);
  const body = res.json();
  expect(typeof body.message).toBe('string');
  expect(body.message.length).toBeGreaterThan(0);
  if (field) expect(Object.keys(body.fieldErrors ?? {}), res.body).toContain(field);
  expect(await databaseFingerprint(t.database.db)).toEqual(before);
  return body;
}

/** Writes that store text, each with the field a bad string goes into. */
const textWrites = (bad: string): Array<[Who, InjectOptions, string]> => [
  ['creator', { method: 'PATCH', url: '', payload: { bio: `my ${bad} bio` } }, 'bio'],
  [
    'creator',
    {
      method: 'PATCH',
      url: '',
      payload: { socialMediaData: { tiktok: { platform: 'TikTok', username: `x${bad}` } } },
    },
    'socialMediaData.tiktok.username',
  ],
  [
    'creator',
    { method: 'POST', url: '/api/applications/:pending/cancel', payload: { reason: `gone${bad}` } },
    'reason',
  ],
  [
    'creator',
    {
      method: 'POST',
      url: '/api/applications',
      payload: applicationBody({ businessName: 'x', useOfFunds: ['other'], otherUseOfFunds: `a${bad}` }),
    },
    'otherUseOfFunds',
  ],
  [
    'creator',
    { method: 'POST', url: '/api/ai/creative-advisor', payload: { message: `hi${bad}` } },
    'message',
  ],
  [
    'visitor',
    {
      method: 'POST',
      url: '/api/register',
      payload: registration('nul@example.com', { firstName: `A${bad}` }),
    },
    'firstName',
  ],
  [
    'visitor',
    { method: 'POST', url: '/api/login', payload: { username: 'x@example.com', password: `pw${bad}` } },
    'password',
  ],
  ['admin', { method: 'POST', url: '/api/platform-management', payload: { name: `Plat${bad}form` } }, 'name'],
  [
    'admin',
    { method: 'PATCH', url: '/api/admin/applications/:pending', payload: { notes: `n${bad}` } },
    'notes',
  ],
  [
    'admin',
    {
      method: 'POST',
      url: '/api/lending-management/cancel-application',
      payload: { applicationId: 1, reason: `r${bad}` },
    },
    'reason',
  ],
];

const resolveUrl = (options: InjectOptions) => ({
  ...options,
  url: (options.url as string)
    ? (options.url as string).replace(':pending', String(pendingId))
    : `/api/users/${creator.userId}`,
});

describe('text the database cannot store', () => {
  it.each([
    ['a NUL character', '\u0000'],
    ['a lone high surrogate', '\ud800'],
    ['a lone low surrogate', '\udc00'],
    ['a reversed surrogate pair', '\udc00\ud83d'],
  ])(
    '%s in any text field of a JSON body is a 400 that names the field; nothing is stored',
    async (_, bad) => {
      for (const [who, options, field] of textWrites(bad)) {
        await expectRefused(who, resolveUrl(options), field);
      }
    },
  );

  it('a lone surrogate sent as raw JSON text, or in a field name, is refused too', async () => {
    await expectRefused(
      'creator',
      {
        method: 'PATCH',
        url: `/api/users/${creator.userId}`,
        headers: { 'content-type': 'application/json' },
        payload: '{"bio":"half \\ud83d a smile"}',
      },
      'bio',
    );
    await expectRefused(
      'creator',
      {
        method: 'PATCH',
        url: `/api/users/${creator.userId}`,
        payload: { socialMediaData: { 'tik\u0000tok': { platform: 'TikTok' } } },
      },
      'socialMediaData',
    );
  });

  it('whole characters outside the basic plane are text like any other', async () => {
    const res = await creator.request({
      method: 'PATCH',
      url: `/api/users/${creator.userId}`,
      payload: { bio: 'Films 🎬 and music 🎵' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().bio).toBe('Films 🎬 and music 🎵');
  });

  it('a NUL in a query string or a path parameter is a 400 that names it', async () => {
    await expectRefused('admin', { method: 'GET', url: '/api/admin/users?search=a%00b' }, 'search');
    await expectRefused(
      'admin',
      { method: 'GET', url: '/api/lending-management/details?search=%00' },
      'search',
    );
    await expectRefused('creator', { method: 'DELETE', url: '/api/platforms/you%00tube' }, 'key');
  });

  it('a NUL in an uploaded file name is refused and nothing is stored', async () => {
    const boundary = '----vukaNul';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename*=UTF-8''proof%00.pdf\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      Buffer.from('%PDF-1.4\n%%EOF\n'),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    await expectRefused('creator', {
      method: 'POST',
      url: '/api/proof-files',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
  });
});

describe('numbers in ids, filters and bodies', () => {
  const badIds = ['2147483648', '99999999999999999999', '0', '-1', '-0', '1e3', '0x10', '1.0', '%201', 'abc'];

  it('an id beyond the database integer, not positive, or not plain digits is a 400 on every kind of route', async () => {
    for (const id of badIds) {
      await expectRefused('creator', { method: 'GET', url: `/api/applications/${id}` }, 'id');
      await expectRefused(
        'creator',
        { method: 'POST', url: `/api/applications/${id}/cancel`, payload: { reason: 'x' } },
        'id',
      );
      await expectRefused('admin', { method: 'GET', url: `/api/admin/users/${id}` }, 'id');
      await expectRefused('admin', { method: 'POST', url: `/api/admin/impersonate/${id}` }, 'id');
      await expectRefused(
        'creator',
        { method: 'POST', url: `/api/quests/${id}/progress`, payload: { step: 0, completed: false } },
        'questId',
      );
    }
  });

  it('filters and pages beyond their range or not plain digits are a 400 that names them', async () => {
    for (const value of ['2147483648', '99999999999999999999', '-0', '1e3', '0x10', '12abc']) {
      await expectRefused(
        'admin',
        { method: 'GET', url: `/api/lending-management/details?userId=${value}` },
        'userId',
      );
      await expectRefused(
        'admin',
        { method: 'GET', url: `/api/lending-management/summary?platformId=${value}` },
        'platformId',
      );
      await expectRefused('admin', { method: 'GET', url: `/api/admin/users?page=${value}` }, 'page');
      await expectRefused(
        'admin',
        { method: 'GET', url: `/api/admin/applications?pageSize=${value}` },
        'pageSize',
      );
    }
    await expectRefused('admin', { method: 'GET', url: '/api/lending-management/details?month=13' }, 'month');
    await expectRefused('admin', { method: 'GET', url: '/api/lending-management/details?year=1e3' }, 'year');
    const ok = await admin.get(`/api/lending-management/details?userId=2147483647&month=11&year=2026`);
    expect(ok.statusCode).toBe(200);
  });

  it('ids in JSON bodies must fit the database integer', async () => {
    for (const applicationId of [2_147_483_648, 9_007_199_254_740_991, 0, -1, 1.5]) {
      await expectRefused(
        'admin',
        {
          method: 'POST',
          url: '/api/lending-management/record-earnings',
          payload: { applicationId, earningsMonth: 11, earningsYear: 2026, earningsAmount: 100 },
        },
        'applicationId',
      );
      await expectRefused(
        'admin',
        {
          method: 'POST',
          url: '/api/lending-management/cancel-application',
          payload: { applicationId, reason: 'x' },
        },
        'applicationId',
      );
    }
    await expectRefused(
      'creator',
      {
        method: 'POST',
        url: '/api/applications',
        payload: applicationBody({
          manualPlatforms: [
            {
              platform: 'Patreon',
              username: 'me',
              estimatedFollowers: 10,
              estimatedRevenue: 100,
              proofFileId: 2_147_483_648,
            },
          ],
        }),
      },
      'manualPlatforms.0.proofFileId',
    );
  });

  it('a JSON -0 (or -0.0, -0e5) anywhere in a body is a 400 that names the field', async () => {
    const loan = await freshLoan('minus-zero-borrower');
    const raw = (
      url: string,
      json: string,
      who: Who = 'admin',
      method = 'POST',
    ): InjectOptions & { who: Who } => ({
      who,
      method: method as 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: json,
    });
    const cases: Array<[InjectOptions & { who: Who }, string]> = [
      [
        raw('/api/lending-management/cancel-application', '{"applicationId":-0,"reason":"x"}'),
        'applicationId',
      ],
      [
        raw(
          '/api/lending-management/record-earnings',
          `{"applicationId":${loan.id},"earningsMonth":11,"earningsYear":2026,"earningsAmount":-0.0}`,
        ),
        'earningsAmount',
      ],
      [
        raw(`/api/admin/applications/${loan.id}/payments`, '{"amount":-0e5,"paymentDate":"2026-11-23"}'),
        'amount',
      ],
      [raw(`/api/admin/applications/${pendingId}`, '{"creditScore":-0}', 'admin', 'PATCH'), 'creditScore'],
      [raw('/api/quests/1/progress', '{"step":-0,"completed":false}', 'creator'), 'step'],
      [
        raw(`/api/users/${creator.userId}`, '{"socialMediaData":{"x":{"followers":-0}}}', 'creator', 'PATCH'),
        'socialMediaData.x.followers',
      ],
    ];
    for (const [{ who, ...options }, field] of cases) await expectRefused(who, options, field);
    const before = await storedState(t.database.db, loan.id);
    expect(before.payments).toBe(0);
  });

  it('a JSON number that overflows to Infinity is refused', async () => {
    await expectRefused(
      'creator',
      {
        method: 'PATCH',
        url: `/api/users/${creator.userId}`,
        headers: { 'content-type': 'application/json' },
        payload: '{"socialMediaData":{"x":{"platform":"X","followers":1e400}}}',
      },
      'socialMediaData.x.followers',
    );
  });
});

describe('bodies too deep or too large', () => {
  it('a body nested deeper than 32 levels is a 400 with a message, however deep', async () => {
    const url = `/api/users/${creator.userId}`;
    const json = { 'content-type': 'application/json' };
    for (const depth of [33, 1_000]) {
      const payload = JSON.stringify({ socialMediaData: { a: nested(depth) } });
      const body = await expectRefused('creator', { method: 'PATCH', url, headers: json, payload });
      expect(body.message).toBe('The request body is nested too deeply (at most 32 levels)');
    }
    // 50,000 levels in 100,000 bytes: under the size limit, refused before any parser recurses.
    const brackets = `${'['.repeat(50_000)}${']'.repeat(50_000)}`;
    await expectRefused('creator', { method: 'PATCH', url, headers: json, payload: brackets });
    // Brackets inside strings are text, not nesting.
    const res = await creator.request({ method: 'PATCH', url, payload: { bio: '[{'.repeat(500) } });
    expect(res.statusCode).toBe(200);
  });

  it('a body over 100 KB is a 413 in the one error shape', async () => {
    const body = await expectRefused(
      'creator',
      { method: 'PATCH', url: `/api/users/${creator.userId}`, payload: { bio: 'x'.repeat(200 * 1024) } },
      undefined,
      413,
    );
    expect(body).toEqual({
      message: 'The request body is too large',
      error: 'The request body is too large',
    });
  });

  it('broken, empty and __proto__ bodies are 400s with a message', async () => {
    const url = `/api/users/${creator.userId}`;
    const json = { 'content-type': 'application/json' };
    await expectRefused('creator', { method: 'PATCH', url, headers: json, payload: '{"bio":' });
    await expectRefused('creator', {
      method: 'PATCH',
      url,
      headers: json,
      payload: '{"__proto__":{"role":"admin"}}',
    });
    await expectRefused('creator', { method: 'PATCH', url, headers: json, payload: '' });
    await expectRefused('creator', { method: 'PATCH', url, headers: json, payload: 'null' });
  });
});

function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

describe('money is a plain decimal', () => {
  const paymentUrl = (loan: Loan) => `/api/admin/applications/${loan.id}/payments`;

  it('refuses hex, binary, octal, exponent, signed, spaced and malformed amounts; nothing is stored', async () => {
    const loan = await freshLoan('malformed-amounts-borrower');
    const bad = [
      '0x10',
      '0b11',
      '0o7',
      '1e3',
      '1E3',
      ' 12',
      '12 ',
      '+12',
      '-12',
      '12.',
      '.5',
      '12.345',
      '1,000',
      'Infinity',
      'NaN',
      '-0',
      '',
      '00x1',
    ];
    for (const amount of bad) {
      await expectRefused(
        'admin',
        { method: 'POST', url: paymentUrl(loan), payload: { amount, paymentDate: '2026-11-23' } },
        'amount',
      );
    }
    for (const amount of [12.345, -5, 0, 1e-7, 2_000_000, true, null, [12], { value: 12 }]) {
      await expectRefused(
        'admin',
        { method: 'POST', url: paymentUrl(loan), payload: { amount, paymentDate: '2026-11-23' } },
        'amount',
      );
    }
    expect((await storedState(t.database.db, loan.id)).payments).toBe(0);
  });

  it('accepts plain decimal text and numbers with at most two decimals', async () => {
    const loan = await freshLoan('plain-amounts-borrower');
    for (const amount of ['12', '12.5', '12.50', '0.01', 12.5, 7]) {
      const res = await admin.post(paymentUrl(loan), { amount, paymentDate: '2026-11-23' });
      expect(res.statusCode, res.body).toBe(201);
    }
    const rows = await t.database.db.select().from(payments).where(eq(payments.applicationId, loan.id));
    expect(rows.map((r) => r.amount).sort()).toEqual(
      ['0.01', '12.00', '12.50', '12.50', '12.50', '7.00'].sort(),
    );
  });

  it('every money field of a request has the same rule', async () => {
    const loan = await freshLoan('money-fields-borrower');
    const earnings = (earningsAmount: unknown) => ({
      method: 'POST' as const,
      url: '/api/lending-management/record-earnings',
      payload: { applicationId: loan.id, earningsMonth: 11, earningsYear: 2026, earningsAmount },
    });
    for (const amount of [12.345, '0x10', '1e3', -1]) {
      await expectRefused('admin', earnings(amount), 'earningsAmount');
    }
    for (const monthlyRevenue of [100.001, '8000', -1]) {
      await expectRefused(
        'creator',
        { method: 'POST', url: '/api/applications', payload: applicationBody({ monthlyRevenue }) },
        'monthlyRevenue',
      );
    }
    await expectRefused(
      'creator',
      {
        method: 'PATCH',
        url: `/api/users/${creator.userId}`,
        payload: { socialMediaData: { x: { platform: 'X', monthlyEarnings: 10.005 } } },
      },
      'socialMediaData.x',
    );
  });
});

describe('Idempotency-Key', () => {
  it('keys of 8 to 100 characters all record once and replay; shorter or longer ones are a 400', async () => {
    const loan = await freshLoan('idempotency-borrower');
    const before = (await storedState(t.database.db, loan.id)).payments as number;
    const lengths = [8, 9, 50, 90, 91, 98, 99, 100];
    for (const length of lengths) {
      const key = `k${length}-`.padEnd(length, 'x');
      const pay = () =>
        admin.request({
          method: 'POST',
          url: `/api/admin/applications/${loan.id}/payments`,
          headers: { 'idempotency-key': key },
          payload: { amount: '1.00', paymentDate: '2026-11-23' },
        });
      const first = await pay();
      expect(first.statusCode, `${length}: ${first.body}`).toBe(201);
      const replay = await pay();
      expect(replay.statusCode).toBe(201);
      expect(replay.json()).toEqual(first.json());
    }
    expect((await storedState(t.database.db, loan.id)).payments).toBe(before + lengths.length);
    const stored = await t.database.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.userId, admin.userId));
    expect(stored).toHaveLength(lengths.length);
    for (const row of stored) expect(row.key.length).toBeLessThanOrEqual(100);

    for (const key of ['short7x', 'x'.repeat(101), 'has space', 'ümlaut-key']) {
      await expectRefused('admin', {
        method: 'POST',
        url: `/api/admin/applications/${loan.id}/payments`,
        headers: { 'idempotency-key': key },
        payload: { amount: '1.00', paymentDate: '2026-11-23' },
      });
    }
  });
});
