// Changing the sign-in e-mail: it needs the current password; a code goes to the new address
// and the old address is told; the new address signs in only once its code is entered, and the old one until
// then; the account stays verified; the old address hears again when it is done.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, userAdminActions, users } from '../../src/server/db/schema';
import { latestCodeFor, latestMailTo, PASSWORD } from '../support/accounts';
import { quickUser } from '../support/servicing';
import { Client, createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signIn = (username: string, password = PASSWORD) =>
  new Client(t.app).post('/api/login', { username, password });

describe('changing the sign-in e-mail', () => {
  it('asks for the password, e-mails a code to the new address, tells the old one, and switches only on the code', async () => {
    const creator = await quickUser(t, 'old-address@example.com');

    // The profile save no longer changes the e-mail.
    const viaProfile = await creator.request({
      method: 'PATCH',
      url: `/api/users/${creator.userId}`,
      payload: { username: 'sneaky@example.com' },
    });
    expect(viaProfile.statusCode).toBe(400);

    const wrong = await creator.post('/api/users/me/email-change', {
      newEmail: 'new-address@example.com',
      currentPassword: 'not-my-password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors.currentPassword).toEqual(['Your current password is not correct.']);
    expect(await latestMailTo(t.database.db, 'new-address@example.com')).toBeUndefined();

    const asked = await creator.post('/api/users/me/email-change', {
      newEmail: 'New-Address@Example.com',
      currentPassword: PASSWORD,
    });
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toMatchObject({ success: true, pendingEmail: 'new-address@example.com' });
    const notice = await latestMailTo(t.database.db, 'old-address@example.com');
    expect(notice?.subject).toMatch(/change of your .* sign-in e-mail was requested/);
    expect(notice?.textBody).toContain('new-address@example.com');
    expect(notice?.textBody).not.toMatch(/\b\d{6}\b/);
    expect((await creator.get('/api/users/me/email-change')).json()).toMatchObject({
      pendingEmail: 'new-address@example.com',
    });

    // Until the code is entered: the old address signs in, the new one does not, and the account stays verified.
    expect((await signIn('old-address@example.com')).statusCode).toBe(200);
    expect((await signIn('new-address@example.com')).statusCode).toBe(401);
    const [before] = await t.database.db.select().from(users).where(eq(users.id, creator.userId));
    expect(before).toMatchObject({ username: 'old-address@example.com', verified: true });

    const badCode = await creator.post('/api/users/me/email-change/verify', { code: '000000' });
    expect(badCode.statusCode).toBe(400);

    const code = await latestCodeFor(t.database.db, 'new-address@example.com');
    const done = await creator.post('/api/users/me/email-change/verify', { code });
    expect(done.statusCode).toBe(200);
    expect(done.json().user).toMatchObject({ username: 'new-address@example.com', verified: true });
    expect(JSON.stringify(done.json())).not.toMatch(/passwordHash|\$argon2/);

    expect((await signIn('new-address@example.com')).statusCode).toBe(200);
    expect((await signIn('old-address@example.com')).statusCode).toBe(401);
    const changed = await latestMailTo(t.database.db, 'old-address@example.com');
    expect(changed?.subject).toMatch(/sign-in e-mail was changed/);
    expect((await creator.get('/api/users/me/email-change')).json()).toEqual({
      pendingEmail: null,
      resendInSeconds: 0,
    });
    const audit = await t.database.db
      .select({ action: userAdminActions.action })
      .from(userAdminActions)
      .where(eq(userAdminActions.userId, creator.userId));
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['email_change_requested', 'email_changed']),
    );
    // The code works once.
    expect((await creator.post('/api/users/me/email-change/verify', { code })).statusCode).toBe(400);
  });

  it('refuses an address that is taken, and sends one code a minute however many requests arrive', async () => {
    await quickUser(t, 'taken-address@example.com');
    const creator = await quickUser(t, 'mover@example.com');
    const taken = await creator.post('/api/users/me/email-change', {
      newEmail: 'taken-address@example.com',
      currentPassword: PASSWORD,
    });
    expect(taken.statusCode).toBe(409);

    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        creator.post('/api/users/me/email-change', {
          newEmail: 'moved@example.com',
          currentPassword: PASSWORD,
        }),
      ),
    );
    const tally: Record<number, number> = {};
    for (const a of answers) tally[a.statusCode] = (tally[a.statusCode] ?? 0) + 1;
    // Ten password checks in 15 minutes at most (the rest 429 too), and one code.
    expect(tally[202]).toBe(1);
    expect(tally[429]).toBe(19);
    const codes = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'moved@example.com'));
    expect(codes).toHaveLength(1);

    // Cancelling leaves the address as it was and voids the code.
    const code = await latestCodeFor(t.database.db, 'moved@example.com');
    expect((await creator.request({ method: 'DELETE', url: '/api/users/me/email-change' })).statusCode).toBe(
      200,
    );
    expect((await creator.post('/api/users/me/email-change/verify', { code })).statusCode).toBe(400);
    expect((await signIn('mover@example.com')).statusCode).toBe(200);
  });

  it('is refused while an admin views as the creator', async () => {
    const admin = await quickUser(t, 'email-admin@example.com', 'admin');
    const creator = await quickUser(t, 'viewed@example.com');
    expect((await admin.post(`/api/admin/impersonate/${creator.userId}`)).statusCode).toBe(200);
    const refused = await admin.post('/api/users/me/email-change', {
      newEmail: 'hijack@example.com',
      currentPassword: PASSWORD,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/viewing as this creator/);
    expect(await latestMailTo(t.database.db, 'hijack@example.com')).toBeUndefined();
    expect((await admin.post('/api/admin/stop-impersonate')).statusCode).toBe(200);
  });
});
