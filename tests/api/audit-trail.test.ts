// The one audit trail: sign-ins (refused ones too), second-factor events, impersonation and
// admin actions, read by GET /api/admin/audit with filters for who acted, whom it concerned, the action and the
// South African days. Each test names its own people, so the shuffled order and the other tests' rows do not matter.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema';
import type { AuditTrailPage } from '../../src/shared/schemas/audit';
import { PASSWORD, registration } from '../support/accounts';
import { quickUser, travelTo } from '../support/servicing';
import { Client, createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const trail = async (client: Client, query: Record<string, string>) => {
  const res = await client.get(`/api/admin/audit?${new URLSearchParams(query)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AuditTrailPage;
};

describe('GET /api/admin/audit', () => {
  it('has every sign-in, a refused one, the impersonation and its end, each with who acted and whom it concerned', async () => {
    travelTo(t, '2026-11-20');
    const admin = await quickUser(t, 'audit-admin@example.com', 'admin');
    const creator = await quickUser(t, 'audit-creator@example.com');
    const refused = await new Client(t.app).post('/api/login', {
      username: 'audit-creator@example.com',
      password: 'not-the-password',
    });
    expect(refused.statusCode).toBe(401);
    expect((await admin.post(`/api/admin/impersonate/${creator.userId}`)).statusCode).toBe(200);
    expect((await admin.post('/api/admin/stop-impersonate')).statusCode).toBe(200);

    const aboutCreator = await trail(admin, { subject: `#${creator.userId}` });
    const actions = aboutCreator.data.map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'signed_in',
        'sign_in_refused',
        'impersonation_started',
        'impersonation_ended',
      ]),
    );
    // Newest first.
    const times = aboutCreator.data.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);
    const creatorSignIn = aboutCreator.data.find((e) => e.action === 'signed_in')!;
    expect(creatorSignIn.actor).toBeNull();
    expect(creatorSignIn.subject).toEqual({
      id: creator.userId,
      name: 'Zola Test',
      username: 'audit-creator@example.com',
    });
    const started = aboutCreator.data.find((e) => e.action === 'impersonation_started')!;
    expect(started.actor).toMatchObject({ id: admin.userId, username: 'audit-admin@example.com' });
    // Nothing a person typed as a secret is ever written down.
    expect(JSON.stringify(aboutCreator)).not.toContain('not-the-password');
    expect(JSON.stringify(aboutCreator)).not.toContain(PASSWORD);

    // Staff act in their own name: the admin is the actor of their own sign-in.
    const byAdmin = await trail(admin, { actor: 'audit-admin@example' });
    expect(byAdmin.data.map((e) => e.action)).toEqual(
      expect.arrayContaining(['signed_in', 'impersonation_started', 'impersonation_ended']),
    );
    expect(byAdmin.data.every((e) => e.actor?.id === admin.userId)).toBe(true);

    // The start of an action finds the family; with the subject it narrows to this creator's.
    const impersonations = await trail(admin, { action: 'impersonation', subject: `#${creator.userId}` });
    expect(impersonations.data.map((e) => e.action).sort()).toEqual([
      'impersonation_ended',
      'impersonation_started',
    ]);
    expect(impersonations.total).toBe(2);
  });

  it('filters by South African days and pages with the total', async () => {
    const admin = await quickUser(t, 'audit-days-admin@example.com', 'admin');
    const creator = await quickUser(t, 'audit-days@example.com');
    // Three refused sign-ins on three days; the 22nd's at 00:30 in Johannesburg is still the 22nd (22:30 UTC the 21st).
    for (const [date, time] of [
      ['2026-11-21', '12:00'],
      ['2026-11-22', '00:30'],
      ['2026-11-23', '23:30'],
    ] as const) {
      travelTo(t, date, time);
      await new Client(t.app).post('/api/login', {
        username: 'audit-days@example.com',
        password: 'wrong-one-1',
      });
    }
    const subject = `#${creator.userId}`;
    const only22 = await trail(admin, {
      subject,
      action: 'sign_in_refused',
      from: '2026-11-22',
      to: '2026-11-22',
    });
    expect(only22.total).toBe(1);
    expect(only22.data[0]!.at).toBe('2026-11-21T22:30:00.000Z');
    const from22 = await trail(admin, { subject, action: 'sign_in_refused', from: '2026-11-22' });
    expect(from22.total).toBe(2);
    const pageTwo = await trail(admin, { subject, action: 'sign_in_refused', pageSize: '2', page: '2' });
    expect(pageTwo).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(pageTwo.data).toHaveLength(1);
    expect(pageTwo.data[0]!.at).toBe('2026-11-21T10:00:00.000Z');
  });

  it('stamps admin actions and a sign-up with the app clock, never the wall clock, and words their notes', async () => {
    // Far from today on any wall clock: 07:45 in Johannesburg on 15 January 2031.
    const at = '2031-01-15T05:45:00.000Z';
    t.clock.set(at);
    const admin = await quickUser(t, 'audit-clock-admin@example.com', 'admin');
    const creator = await quickUser(t, 'audit-clock-creator@example.com');
    expect((await admin.post(`/api/admin/impersonate/${creator.userId}`)).statusCode).toBe(200);
    expect((await admin.post('/api/admin/stop-impersonate')).statusCode).toBe(200);
    const created = await admin.post('/api/platform-management', { name: 'Clockwork Radio' });
    expect(created.statusCode, created.body).toBe(201);
    const mode = await admin.post('/api/platform-management/dashboard/mode', { mode: 'hybrid' });
    expect(mode.statusCode, mode.body).toBe(200);
    await admin.post('/api/platform-management/dashboard/mode', { mode: 'production' });

    const byAdmin = await trail(admin, { actor: `#${admin.userId}` });
    const stamped = (action: string) => byAdmin.data.find((e) => e.action === action);
    for (const action of [
      'impersonation_started',
      'impersonation_ended',
      'platform_created',
      'dashboard_mode_changed',
    ]) {
      expect(stamped(action)?.at, action).toBe(at);
    }
    // The note says the mode in words, not its code.
    expect(byAdmin.data.filter((e) => e.action === 'dashboard_mode_changed').map((e) => e.notes)).toEqual([
      'Live applications (their own view)',
      'Live and test applications (their own view)',
    ]);

    const signUp = await new Client(t.app).post(
      '/api/register',
      registration('audit-clock-signup@example.com'),
    );
    expect(signUp.statusCode, signUp.body).toBe(201);
    const [row] = await t.database.db
      .select({ createdAt: users.createdAt })
      .from(users)
      .where(eq(users.username, 'audit-clock-signup@example.com'));
    expect(row!.createdAt.toISOString()).toBe(at);
  });

  it('records refused second-factor codes', async () => {
    const admin = await quickUser(t, 'audit-mfa@example.com', 'admin');
    // A fresh sign-in has not passed the second factor; a wrong code is refused and written down.
    const again = new Client(t.app);
    await again.post('/api/login', { username: 'audit-mfa@example.com', password: PASSWORD });
    const enrol = await again.post('/api/mfa/enrol');
    expect(enrol.statusCode).toBe(200);
    const wrong = await again.post('/api/mfa/confirm', { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    const mfa = await trail(admin, { subject: `#${admin.userId}`, action: 'mfa' });
    expect(mfa.data.map((e) => e.action)).toEqual(expect.arrayContaining(['mfa_code_refused']));
    expect(JSON.stringify(mfa)).not.toContain('000000');
  });

  it('is for admins: 401 signed out, 403 for a creator; a bad filter is a 400 naming the field', async () => {
    const creator = await quickUser(t, 'audit-nosy@example.com');
    expect((await new Client(t.app).get('/api/admin/audit')).statusCode).toBe(401);
    expect((await creator.get('/api/admin/audit')).statusCode).toBe(403);
    const admin = await quickUser(t, 'audit-strict@example.com', 'admin');
    const badDay = await admin.get('/api/admin/audit?from=2026-02-30');
    expect(badDay.statusCode).toBe(400);
    expect(badDay.json().fieldErrors.from).toBeDefined();
    const backwards = await admin.get('/api/admin/audit?from=2026-11-23&to=2026-11-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().fieldErrors.to).toEqual(['from must be on or before to']);
    const action = await admin.get('/api/admin/audit?action=DROP%20TABLE');
    expect(action.statusCode).toBe(400);
    expect(action.json().fieldErrors.action).toBeDefined();
  });
});
