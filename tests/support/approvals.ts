// Dual control in tests (docs/decisions/028-dual-control.md): a change a test's staff member asks for waits (202)
// until a second person approves it. Suites about the change itself, not about the approval, have it approved by a
// second admin of the same app through the real route; tests/api/dual-control.test.ts tests the approval itself.
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sessions, users } from '../../src/server/db/schema';
import { sha256 } from '../../src/server/lib/crypto';
import { hashPassword } from '../../src/server/lib/passwords';
import { PASSWORD } from './accounts';
import { Client } from './test-app';

const approvers = new WeakMap<FastifyInstance, Promise<Client>>();
let approverCount = 0;

/** A second admin of this app, signed in with the second factor passed: made once per app. */
export function secondApprover(app: FastifyInstance): Promise<Client> {
  let approver = approvers.get(app);
  if (!approver) {
    approver = (async () => {
      approverCount += 1;
      const username = `second-approver-${approverCount}@vuka.test`;
      const { db } = app.ctx.database;
      await db.insert(users).values({
        username,
        passwordHash: await hashPassword(PASSWORD),
        firstName: 'Sam',
        lastName: 'Checker',
        role: 'admin',
        verified: true,
      });
      const client = new Client(app);
      const res = await client.post('/api/login', { username, password: PASSWORD });
      if (res.statusCode !== 200) throw new Error(`second approver's login failed: ${res.body}`);
      const token = /(?:^|; )vuka_session=([^;]+)/.exec(client.cookieHeader())![1]!;
      await db
        .update(sessions)
        .set({ mfaPassedAt: app.ctx.clock.now() })
        .where(eq(sessions.tokenHash, sha256(token)));
      return client;
    })();
    approvers.set(app, approver);
  }
  return approver;
}

/**
 * A route's answer, or, when it asked for a second approval (202), the second admin's approval of it: the change
 * has then been made. A refusal (4xx) is answered as it came.
 */
export async function withSecondApproval(
  maker: Client,
  answer: LightMyRequestResponse | Promise<LightMyRequestResponse>,
): Promise<LightMyRequestResponse> {
  const res = await answer;
  if (res.statusCode !== 202) return res;
  const id = (res.json() as { pendingApproval: { id: number } }).pendingApproval.id;
  const approved = await (await secondApprover(maker.app)).post(`/api/admin/approvals/${id}/approve`);
  if (approved.statusCode !== 200) throw new Error(`the second approval failed: ${approved.body}`);
  return approved;
}
