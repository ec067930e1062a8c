// a self-declared platform's proof counts in full only once an admin verified it; until
// then it moves the score by at most one point (docs/credit-scoring.md, 2), so an uploaded file cannot buy a price.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financingApplications, proofFiles } from '../../src/server/db/schema';
import { applicationBody, multipartFile, PNG_BYTES } from '../support/accounts';
import { auditRows, quickUser, type SignedIn } from '../support/servicing';
import { Client, createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await quickUser(t, 'admin@example.com', 'admin');
});
afterAll(() => t.close());

/** The probe that found proof taken at face value: a tiny image as proof for two big self-declared platforms. */
async function applyWithProof(creator: SignedIn) {
  const upload = multipartFile('proof.png', PNG_BYTES, 'image/png');
  const proof = (await creator.request({ method: 'POST', url: '/api/proof-files', ...upload })).json();
  const res = await creator.post(
    '/api/applications',
    applicationBody({
      requestedAmount: 20_000,
      monthlyRevenue: 3_000,
      manualPlatforms: [
        {
          platform: 'TikTok',
          username: 'z',
          estimatedFollowers: 900_000,
          estimatedRevenue: 90_000,
          proofFileId: proof.id,
        },
        {
          platform: 'Twitch',
          username: 'z',
          estimatedFollowers: 500_000,
          estimatedRevenue: 50_000,
          proofFileId: proof.id,
        },
      ],
    }),
  );
  expect(res.statusCode, res.body).toBe(201);
  return {
    application: res.json().application as { id: number; creditScore: number },
    proofId: proof.id as number,
  };
}

async function scoreWithoutPlatforms(creator: SignedIn) {
  const res = await creator.post(
    '/api/applications',
    applicationBody({ requestedAmount: 20_000, monthlyRevenue: 3_000 }),
  );
  expect(res.statusCode, res.body).toBe(201);
  const { id, creditScore } = res.json().application as { id: number; creditScore: number };
  await t.database.db
    .update(financingApplications)
    .set({ status: 'rejected' })
    .where(eq(financingApplications.id, id));
  return creditScore;
}

const REASON = 'The statement is not in the creator’s name';
/** A review; a rejection gives its reason unless told otherwise (null: none sent). */
const review = (client: Client, id: number, decision: unknown, reason: string | null = REASON) =>
  client.post(`/api/admin/proof-files/${id}/review`, {
    decision,
    ...(decision === 'rejected' && reason !== null ? { reason } : {}),
  });

describe('proof of earnings review', () => {
  it('an unreviewed proof moves the score by one point at most; verifying counts it in full, rejecting not at all', async () => {
    const creator = await quickUser(t, 'proof-1@example.com');
    const baseline = await scoreWithoutPlatforms(creator);
    const { application, proofId } = await applyWithProof(creator);
    expect(application.creditScore - baseline).toBeGreaterThanOrEqual(0);
    expect(application.creditScore - baseline).toBeLessThanOrEqual(1);

    const mine = (await creator.get(`/api/applications/${application.id}`)).json();
    expect(mine.manualPlatforms.map((m: { proofStatus: string }) => m.proofStatus)).toEqual([
      'pending',
      'pending',
    ]);

    const verified = await review(admin, proofId, 'verified');
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({
      message: 'Proof verified',
      data: { reviewStatus: 'verified', rescoredApplications: 1 },
    });
    const after = (await creator.get(`/api/applications/${application.id}`)).json();
    expect(after.creditScore).toBeGreaterThan(application.creditScore + 5);
    expect(after.manualPlatforms.map((m: { proofStatus: string }) => m.proofStatus)).toEqual([
      'verified',
      'verified',
    ]);

    const rejected = await review(admin, proofId, 'rejected');
    expect(rejected.statusCode).toBe(200);
    const finally_ = (await creator.get(`/api/applications/${application.id}`)).json();
    expect(finally_.creditScore).toBeLessThanOrEqual(application.creditScore);
    expect(finally_.manualPlatforms[0].proofStatus).toBe('rejected');

    const rows = await auditRows(t.database.db, creator.userId, 'proof_verified');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.admin_id).toBe(admin.userId);
    expect(rows[0]!.notes).toMatch(
      new RegExp(`#${application.id} ${application.creditScore} → ${after.creditScore}`),
    );
    const rejections = await auditRows(t.database.db, creator.userId, 'proof_rejected');
    expect(rejections).toHaveLength(1);
    expect(rejections[0]!.notes).toContain(`rejected (${REASON})`);

    const details = (await admin.get(`/api/admin/applications/${application.id}`)).json();
    expect(details.proofFiles).toEqual([
      expect.objectContaining({
        id: proofId,
        reviewStatus: 'rejected',
        reviewReason: REASON,
        platforms: ['TikTok', 'Twitch'],
      }),
    ]);
    // Verified again, the rejection's reason goes with it.
    expect((await review(admin, proofId, 'verified')).json().data.reviewReason).toBeNull();
  });

  it('never changes the score of an application whose terms are set', async () => {
    const creator = await quickUser(t, 'proof-2@example.com');
    const { application, proofId } = await applyWithProof(creator);
    await t.database.db
      .update(financingApplications)
      .set({ status: 'active' })
      .where(eq(financingApplications.id, application.id));
    expect((await review(admin, proofId, 'verified')).statusCode).toBe(200);
    const after = (await creator.get(`/api/applications/${application.id}`)).json();
    expect(after.creditScore).toBe(application.creditScore);
    expect(after.manualPlatforms[0].proofStatus).toBe('verified');
  });

  it('is for admins only, checks its input, and changes nothing when refused', async () => {
    const creator = await quickUser(t, 'proof-3@example.com');
    const { proofId } = await applyWithProof(creator);
    expect((await review(new Client(t.app), proofId, 'verified')).statusCode).toBe(401);
    expect((await review(creator, proofId, 'verified')).statusCode).toBe(403);
    const bad = await review(admin, proofId, 'approved');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Choose verified or rejected');
    expect((await review(admin, 999_999, 'verified')).statusCode).toBe(404);
    // A rejection needs its reason.
    for (const reason of [null, '', 'no']) {
      const unexplained = await review(admin, proofId, 'rejected', reason);
      expect(unexplained.statusCode).toBe(400);
      expect(unexplained.json().fieldErrors.reason).toEqual([
        'Give the reason for rejecting this proof in at least 5 characters',
      ]);
    }
    const [file] = await t.database.db.select().from(proofFiles).where(eq(proofFiles.id, proofId));
    expect(file!.reviewStatus).toBe('pending');
    expect(file!.reviewedBy).toBeNull();
  });
});
