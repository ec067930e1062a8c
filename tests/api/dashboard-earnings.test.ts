// Monthly Earnings combines verified and self-declared platforms, computed on the server
// (src/shared/finance/monthly-earnings.ts; docs/dashboard.md).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema';
import { applicationBody, multipartFile, PNG_BYTES } from '../support/accounts';
import { quickUser, type SignedIn } from '../support/servicing';
import { Client, createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await quickUser(t, 'earnings-admin@example.com', 'admin');
});
afterAll(() => t.close());

async function applyWithManualPlatform(creator: SignedIn, platform: string, estimatedRevenue: number) {
  const upload = multipartFile('proof.png', PNG_BYTES, 'image/png');
  const proof = (await creator.request({ method: 'POST', url: '/api/proof-files', ...upload })).json();
  const res = await creator.post(
    '/api/applications',
    applicationBody({
      requestedAmount: 5_000,
      monthlyRevenue: estimatedRevenue,
      manualPlatforms: [
        { platform, username: 'me', estimatedFollowers: 1200, estimatedRevenue, proofFileId: proof.id },
      ],
    }),
  );
  expect(res.statusCode, res.body).toBe(201);
  return { applicationId: res.json().id as number, proofId: proof.id as number };
}

describe('GET /api/dashboard/earnings', () => {
  it('counts a self-declared manual platform when it is the only one (R 2 500,00, not R 0,00)', async () => {
    const creator = await quickUser(t, 'earnings-1@example.com');
    await applyWithManualPlatform(creator, 'TikTok', 2500);
    const res = await creator.get('/api/dashboard/earnings');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      total: '2500.00',
      verifiedTotal: '0.00',
      selfDeclaredTotal: '2500.00',
      platforms: [
        { name: 'TikTok', source: 'self_declared', from: 'application', monthlyEarnings: '2500.00' },
      ],
    });
  });

  it('adds verified connections and Settings platforms, each platform once, verified first', async () => {
    const creator = await quickUser(t, 'earnings-2@example.com');
    await t.database.db
      .update(users)
      .set({
        socialMediaData: {
          youtube: { platform: 'youtube', status: 'connected', verified: true, monthlyEarnings: 1200.1 },
          patreon: { platform: 'Patreon', status: 'connected', verified: false, monthlyEarnings: 300.2 },
        },
      })
      .where(eq(users.id, creator.userId));
    await applyWithManualPlatform(creator, 'patreon', 9000);
    const body = (await creator.get('/api/dashboard/earnings')).json();
    expect(body.total).toBe('1500.30');
    expect(body.verifiedTotal).toBe('1200.10');
    expect(body.selfDeclaredTotal).toBe('300.20');
    expect(body.platforms).toEqual([
      { name: 'YouTube', source: 'verified', from: 'connection', monthlyEarnings: '1200.10' },
      { name: 'Patreon', source: 'self_declared', from: 'profile', monthlyEarnings: '300.20' },
    ]);
  });

  it('leaves out a manual platform whose proof an admin rejected', async () => {
    const creator = await quickUser(t, 'earnings-3@example.com');
    const { proofId } = await applyWithManualPlatform(creator, 'Twitch', 4000);
    const review = await admin.post(`/api/admin/proof-files/${proofId}/review`, {
      decision: 'rejected',
      reason: 'The statement is not in the creator’s name',
    });
    expect(review.statusCode, review.body).toBe(200);
    expect((await creator.get('/api/dashboard/earnings')).json()).toMatchObject({
      total: '0.00',
      platforms: [],
    });
  });

  it('shows each creator only their own figures, and none without a session', async () => {
    const other = await quickUser(t, 'earnings-4@example.com');
    await applyWithManualPlatform(other, 'Kick', 700);
    const stranger = await quickUser(t, 'earnings-5@example.com');
    expect((await stranger.get('/api/dashboard/earnings')).json()).toMatchObject({
      total: '0.00',
      platforms: [],
    });
    expect((await new Client(t.app).get('/api/dashboard/earnings')).statusCode).toBe(401);
  });
});
