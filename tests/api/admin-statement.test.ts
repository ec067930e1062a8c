// The printable statement for admins: Application Details links to /statement/{id} for any creator's
// application with a schedule, so GET /api/applications/{id}/statement answers an admin with the creator
// as the account holder. Creators still read only their own, and an impersonating admin is the creator.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema';
import { applicationBody, signedInUser } from '../support/accounts';
import { acceptAndPayOut } from '../support/servicing';
import { type Client, createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: Client;
let owner: Client;
let stranger: Client;
let applicationId: number;
let withoutSchedule: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t, 'statement-admin@example.com', 'admin');
  owner = await signedInUser(t, 'statement-owner@example.com');
  stranger = await signedInUser(t, 'statement-stranger@example.com');
  const submitted = await owner.post('/api/applications', applicationBody());
  expect(submitted.statusCode).toBe(201);
  applicationId = submitted.json().application.id;
  const approve = await admin.request({
    method: 'PATCH',
    url: `/api/admin/applications/${applicationId}`,
    payload: { status: 'approved' },
  });
  expect(approve.statusCode).toBe(200);
  const setup = await admin.post(`/api/applications/${applicationId}/repayment-schedule`, {
    frequency: 'automatic',
    paymentMethod: 'platform_earnings',
    withholdingPercentage: 20,
    estimatedPeriod: 12,
  });
  expect(setup.statusCode).toBe(200);
  await acceptAndPayOut(admin, owner, applicationId);
  const second = await stranger.post('/api/applications', applicationBody());
  expect(second.statusCode).toBe(201);
  withoutSchedule = second.json().application.id;
});
afterAll(() => t.close());

describe('GET /api/applications/{id}/statement', () => {
  it("answers an admin with any creator's statement, the creator as the account holder", async () => {
    const res = await admin.get(`/api/applications/${applicationId}/statement`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      application: { id: applicationId, status: 'active' },
      schedule: { applicationId },
      user: { username: 'statement-owner@example.com', firstName: 'Zola' },
    });
    expect(JSON.stringify(res.json())).not.toMatch(/passwordHash|accountNumber/);
  });

  it('still answers 404 to an admin for a missing application or one without a schedule', async () => {
    expect((await admin.get('/api/applications/999999/statement')).statusCode).toBe(404);
    expect((await admin.get(`/api/applications/${withoutSchedule}/statement`)).statusCode).toBe(404);
  });

  it('keeps creators to their own statements, also an admin impersonating another creator', async () => {
    expect((await owner.get(`/api/applications/${applicationId}/statement`)).statusCode).toBe(200);
    expect((await stranger.get(`/api/applications/${applicationId}/statement`)).statusCode).toBe(404);
    const [strangerRow] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, 'statement-stranger@example.com'));
    const started = await admin.post(`/api/admin/impersonate/${strangerRow!.id}`);
    expect(started.statusCode).toBe(200);
    expect((await admin.get(`/api/applications/${applicationId}/statement`)).statusCode).toBe(404);
    expect((await admin.post('/api/admin/stop-impersonate')).statusCode).toBe(200);
    expect((await admin.get(`/api/applications/${applicationId}/statement`)).statusCode).toBe(200);
  });
});
