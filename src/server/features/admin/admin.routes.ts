import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { businessDate } from '../../../shared/business-date';
import {
  addPaymentSchema,
  adminApplicationAnswerSchema,
  adminApplicationDetailsSchema,
  adminApplicationPatchSchema,
  adminOverviewSchema,
  adminPreviewTermsSchema,
  adminScheduleSchema,
  adminUserAnswerSchema,
  adminUserDetailsSchema,
  adminUserPatchSchema,
  dashboardModeAnswerSchema,
  dashboardModeSchema,
  forgiveBalanceSchema,
  paymentAnswerSchema,
  payoutSchema,
  platformAnswerSchema,
  platformCreateSchema,
  platformListAnswerSchema,
  proofReviewAnswerSchema,
  proofReviewSchema,
  restructureSchema,
  reversePaymentSchema,
  settlementAnswerSchema,
  settleQuoteSchema,
  writeOffSchema,
} from '../../../shared/schemas/admin';
import {
  adminApplicationsPageSchema,
  adminApplicationsQuerySchema,
  adminUserDetailsQuerySchema,
  adminUsersPageSchema,
  adminUsersQuerySchema,
} from '../../../shared/schemas/admin-lists';
import { previewTermsAnswerSchema } from '../../../shared/schemas/applications';
import { approvalPendingAnswerSchema } from '../../../shared/schemas/approvals';
import { userAnswerSchema } from '../../../shared/schemas/auth';
import { successMessageSchema } from '../../../shared/schemas/common';
import { PROOF_MIME_TYPES } from '../../../shared/schemas/platforms';
import { openSettlementQuotesSchema } from '../../../shared/schemas/servicing';
import { conditionalGet } from '../../lib/conditional-get';
import type { Deps } from '../../lib/deps';
import { badRequest } from '../../lib/errors';
import { binaryResponse, errors, idParams, untypedResponses } from '../../lib/route-schemas';
import { requireStaff, requireUser, signedIn, staffOnly } from '../../plugins/session';
import { dashboardMode, setDashboardMode } from '../app-settings/app-settings.service';
import { type ApprovableChange, requestApproval } from '../approvals/approvals.service';
import { listOpenQuotes, settleQuote } from '../servicing/servicing.service';
import type { SessionUser } from '../sessions/sessions.service';
import * as admin from './admin-applications.service';
import { adminOverview } from './admin-overview.repository';
import * as users from './admin-users.service';
import {
  APPROVAL_EXECUTORS,
  applicationChangeNeedingApproval,
  forgivenessChange,
  payoutChange,
  restructureChange,
  reversalChange,
  roleChangeNeedingApproval,
  writeOffChange,
} from './approvable-changes';
import { scopedIdempotencyKey, withIdempotency } from './idempotency';
import { reviewProofFile } from './proof-review.service';

/**
 * A change that waits for a second person is stored as a request and answered 202 with it: nothing has changed yet
 * (docs/decisions/028-dual-control.md).
 */
async function sendForApproval(
  deps: Deps,
  reply: FastifyReply,
  maker: SessionUser,
  change: ApprovableChange,
) {
  const pendingApproval = await requestApproval(deps, maker, change, APPROVAL_EXECUTORS[change.kind]);
  return reply.status(202).send({
    success: true as const,
    pendingApproval,
    message: `Sent for approval (request #${pendingApproval.id}): a second person with the same rights approves it under Approvals before it happens.`,
  });
}

export function adminRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];

  r.get(
    '/api/admin/applications',
    {
      onRequest: staffOnly('read'),
      schema: {
        tags,
        operationId: 'listAdminApplications',
        summary: 'One page of applications in the dashboard mode, with counts per status',
        querystring: adminApplicationsQuerySchema,
        response: { 200: adminApplicationsPageSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) =>
      admin.listApplications(deps.db, request.query, dashboardMode(requireStaff(request).user)),
  );

  r.get(
    '/api/admin/overview',
    {
      onRequest: staffOnly('read'),
      schema: {
        tags,
        operationId: 'getAdminOverview',
        summary: 'Overview cards and risk distribution (dashboard mode)',
        response: { 200: adminOverviewSchema, ...errors(401, 403) },
      },
    },
    async (request) => adminOverview(deps.db, dashboardMode(requireStaff(request).user)),
  );

  r.get(
    '/api/admin/proof-files/:id',
    {
      onRequest: staffOnly('read'),
      schema: {
        tags,
        operationId: 'downloadProofFile',
        summary: 'Download a proof of earnings',
        params: idParams,
        response: {
          200: binaryResponse('The file as uploaded (an attachment)', PROOF_MIME_TYPES),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const file = await admin.openProofFile(deps, request.params.id);
      return (
        reply
          .header('Content-Type', file.mimeType)
          .header('Content-Disposition', `attachment; filename="${file.downloadName}"`)
          // Never rendered in the browser as anything but its detected type (helmet sets it too; this route's
          // answer must not depend on a plugin's defaults).
          .header('X-Content-Type-Options', 'nosniff')
          .header('Cache-Control', 'private, no-store')
          .send(file.data)
      );
    },
  );

  r.post(
    '/api/admin/proof-files/:id/review',
    {
      onRequest: staffOnly('underwrite'),
      schema: {
        tags,
        operationId: 'reviewProofFile',
        summary:
          "Verify or reject a creator's proof of earnings: open applications citing it are scored again (audited)",
        params: idParams,
        body: proofReviewSchema,
        response: { 200: proofReviewAnswerSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { user } = requireStaff(request);
      const data = await reviewProofFile(
        deps,
        user,
        request.params.id,
        request.body.decision,
        request.body.reason,
      );
      const message = data.reviewStatus === 'verified' ? 'Proof verified' : 'Proof rejected';
      return { success: true, data, message };
    },
  );

  r.get(
    '/api/admin/applications/:id',
    {
      onRequest: staffOnly('read'),
      schema: {
        tags,
        operationId: 'getAdminApplication',
        summary:
          'Application Details: the application with notes, the applicant and their proofs of earnings',
        params: idParams,
        response: { 200: adminApplicationDetailsSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      requireStaff(request);
      return admin.applicationDetails(deps.db, request.params.id, businessDate(deps.clock.now()));
    },
  );

  r.patch(
    '/api/admin/applications/:id',
    {
      onRequest: staffOnly('underwrite'),
      schema: {
        tags,
        operationId: 'updateAdminApplication',
        summary:
          'Decide or edit an application; a score change, or an approval above DUAL_CONTROL_APPROVAL_ABOVE, waits for a second approval (202)',
        params: idParams,
        body: adminApplicationPatchSchema,
        response: {
          200: adminApplicationAnswerSchema,
          202: approvalPendingAnswerSchema,
          ...errors(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const { user } = requireStaff(request);
      const change = await applicationChangeNeedingApproval(deps, request.params.id, request.body);
      if (change) return sendForApproval(deps, reply, user, change);
      const data = await admin.patchApplication(deps, user, request.params.id, request.body);
      return { success: true, data, message: 'Application updated' };
    },
  );

  r.delete(
    '/api/admin/applications/:id',
    {
      onRequest: staffOnly('administer'),
      schema: {
        tags,
        operationId: 'deleteAdminApplication',
        summary: 'Delete an application without schedule or payments (audited)',
        params: idParams,
        response: { 200: successMessageSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { user } = requireStaff(request);
      await admin.deleteApplication(deps, user, request.params.id);
      return { success: true, message: 'Application deleted' };
    },
  );

  r.post(
    '/api/admin/applications/:id/preview-terms',
    {
      onRequest: staffOnly('underwrite'),
      schema: {
        tags,
        operationId: 'previewAdminTerms',
        summary:
          'Repayment terms the server would set for an application under review or approved, with the quote of the schedule this setup would write',
        params: idParams,
        body: adminPreviewTermsSchema.optional().default({}),
        response: { 200: previewTermsAnswerSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      requireStaff(request);
      return admin.adminPreviewTerms(deps, request.params.id, request.body ?? {});
    },
  );

  r.post(
    '/api/applications/:id/repayment-schedule',
    {
      onRequest: staffOnly('underwrite'),
      schema: {
        tags,
        operationId: 'setUpRepaymentSchedule',
        summary:
          'Admin repayment setup: an offer of these terms for the creator to accept (the application reads offered); nothing starts before the payout',
        params: idParams,
        body: adminScheduleSchema,
        response: { 200: adminApplicationAnswerSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { user } = requireStaff(request);
      const data = await admin.setupSchedule(deps, user, request.params.id, request.body);
      return { success: true, data, message: 'Offer sent: the creator accepts it before the payout' };
    },
  );

  r.post(
    '/api/admin/applications/:id/payout',
    {
      onRequest: staffOnly('finance'),
      schema: {
        tags,
        operationId: 'recordPayout',
        summary:
          "Ask for the payout of an accepted agreement to the creator's bank account on file (202): once a second person approves it the loan starts, instalments dated from the payout day",
        params: idParams,
        body: payoutSchema,
        response: { 202: approvalPendingAnswerSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { user } = requireStaff(request);
      return sendForApproval(deps, reply, user, await payoutChange(deps, request.params.id, request.body));
    },
  );

  r.post(
    '/api/admin/applications/:id/restructure',
    {
      onRequest: staffOnly('collect'),
      schema: {
        tags,
        operationId: 'restructureLoan',
        summary:
          'Ask to renegotiate an eligible loan (202): once a second person approves it, the remaining balance is spread over the new period, no extra cost',
        params: idParams,
        body: restructureSchema,
        response: { 202: approvalPendingAnswerSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { user } = requireStaff(request);
      return sendForApproval(
        deps,
        reply,
        user,
        await restructureChange(deps, request.params.id, request.body),
      );
    },
  );

  r.post(
    '/api/admin/applications/:id/write-off',
    {
      onRequest: staffOnly('finance'),
      schema: {
        tags,
        operationId: 'writeOffLoan',
        summary:
          'Ask to write off a defaulted loan with a reason (202): once a second person approves it, the loan leaves the books (its unearned cost reversed, the rest write-off expense); the creator still owes the balance and later payments are recoveries',
        params: idParams,
        body: writeOffSchema,
        response: { 202: approvalPendingAnswerSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { user } = requireStaff(request);
      return sendForApproval(deps, reply, user, await writeOffChange(deps, request.params.id, request.body));
    },
  );

  r.post(
    '/api/admin/applications/:id/forgive',
    {
      onRequest: staffOnly('finance'),
      schema: {
        tags,
        operationId: 'forgiveBalance',
        summary:
          'Ask to forgive what a written-off loan still owes, with a reason (202): once a second person approves it, the creator owes nothing more on it (the books, which wrote it off, are unchanged); 409 when the loan is not written off or has nothing owed',
        params: idParams,
        body: forgiveBalanceSchema,
        response: { 202: approvalPendingAnswerSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { user } = requireStaff(request);
      return sendForApproval(
        deps,
        reply,
        user,
        await forgivenessChange(deps, request.params.id, request.body),
      );
    },
  );

  r.get(
    '/api/admin/settlement-quotes',
    {
      onRequest: staffOnly('read'),
      schema: {
        tags,
        operationId: 'listOpenSettlementQuotes',
        summary: 'Open early-settlement quotes, still valid today',
        response: { 200: openSettlementQuotesSchema, ...errors(401, 403) },
      },
    },
    async () => ({ success: true as const, data: await listOpenQuotes(deps) }),
  );

  r.post(
    '/api/admin/settlement-quotes/:id/settle',
    {
      onRequest: staffOnly('finance'),
      schema: {
        tags,
        operationId: 'settleQuote',
        summary: 'Record that a quoted early settlement arrived (closes the loan)',
        params: idParams,
        body: settleQuoteSchema.optional().default({}),
        response: { 201: settlementAnswerSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { user } = requireStaff(request);
      const result = await settleQuote(deps, user, request.params.id, request.body ?? {});
      return reply.status(201).send({
        success: true,
        data: {
          payment: result.payment,
          remainingAmount: result.remainingAmount,
          completed: result.completed,
        },
        message: 'The settlement has been recorded and the loan is closed.',
      });
    },
  );

  r.post(
    '/api/admin/applications/:id/payments',
    {
      onRequest: staffOnly('finance'),
      schema: {
        tags,
        operationId: 'recordPayment',
        summary: 'Record a payment (idempotent with an Idempotency-Key header)',
        params: idParams,
        body: addPaymentSchema,
        headers: z.object({ 'idempotency-key': z.string().min(8).max(100).optional() }).passthrough(),
        // The handler replays an Idempotency-Key's stored answer with its stored status: not typed by the schema.
        response: untypedResponses({ 201: paymentAnswerSchema, ...errors(400, 401, 403, 404, 409) }),
      },
    },
    async (request, reply) => {
      const { user } = requireStaff(request);
      const key = request.headers['idempotency-key'] as string | undefined;
      if (key !== undefined && !/^[\w-]{8,100}$/.test(key))
        throw badRequest('Idempotency-Key must be 8-100 letters, digits, - or _');
      const { statusCode, body } = await withIdempotency(deps.db, {
        key,
        userId: user.id,
        route: `payments:${request.params.id}`,
        request: request.body,
        now: deps.clock.now(),
        run: async (tx) => {
          const result = await admin.addPayment(
            tx,
            deps,
            user,
            request.params.id,
            request.body,
            scopedIdempotencyKey(user.id, key),
          );
          return {
            statusCode: 201,
            body: {
              success: true,
              data: {
                payment: result.payment,
                remainingAmount: result.remainingAmount,
                completed: result.completed,
                application: result.application,
              },
              message: 'The payment has been recorded successfully.',
            },
            subjectUserId: result.creatorId,
            // The payment that closed the loan may have carried out the creator's erasure: the answer stored for
            // a replay is scrubbed too (docs/privacy.md).
            afterStore: result.erasure?.scrubStoredAnswers,
          };
        },
      });
      return reply.status(statusCode).send(body);
    },
  );
}

/** A short, ETag-safe digest of a request's path and query. */
const urlDigest = (url: string) => createHash('sha256').update(url).digest('base64url').slice(0, 16);

export function adminUserRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];

  r.get(
    '/api/admin/users',
    {
      // Refetched every 30 s: unchanged, it answers 304 after the session read. The page asked for is part of
      // the ETag, so one page's ETag never validates another's.
      onRequest: [staffOnly('read'), conditionalGet((request) => [urlDigest(request.url)])],
      config: { dataVersion: 'users' },
      schema: {
        tags,
        operationId: 'listAdminUsers',
        summary: 'One page of users (304 with a matching If-None-Match)',
        querystring: adminUsersQuerySchema,
        response: { 200: adminUsersPageSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => users.listUsers(deps.db, request.query),
  );

  r.get(
    '/api/admin/users/:id',
    {
      onRequest: staffOnly('read'),
      schema: {
        tags,
        operationId: 'getAdminUser',
        summary:
          'A user with their applications, and a page of their payments and of the admin actions about them',
        params: idParams,
        querystring: adminUserDetailsQuerySchema,
        response: { 200: adminUserDetailsSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const details = await users.userDetails(
        deps.db,
        request.params.id,
        businessDate(deps.clock.now()),
        request.query,
      );
      return {
        user: details.user,
        applications: details.applications,
        payments: details.payments,
        adminActions: details.adminActions,
      };
    },
  );

  r.patch(
    '/api/admin/users/:id',
    {
      onRequest: staffOnly('administer'),
      schema: {
        tags,
        operationId: 'updateAdminUser',
        summary:
          "Change a user's status (with a reason) or the admin notes (audited); a role change waits for a second admin's approval (202)",
        params: idParams,
        body: adminUserPatchSchema,
        response: {
          200: adminUserAnswerSchema,
          202: approvalPendingAnswerSchema,
          ...errors(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const { user } = requireStaff(request);
      const change = await roleChangeNeedingApproval(deps, request.params.id, request.body);
      if (change) return sendForApproval(deps, reply, user, change);
      return {
        success: true,
        user: await users.patchUser(deps.db, user, request.params.id, request.body, {
          now: deps.clock.now(),
        }),
      };
    },
  );

  r.post(
    '/api/admin/users/:id/reset-mfa',
    {
      onRequest: staffOnly('administer'),
      schema: {
        tags,
        operationId: 'resetStaffMfa',
        summary:
          "Forget a member of staff's authenticator (a lost phone): their sessions end and they set up a new one at their next sign-in (audited)",
        params: idParams,
        response: { 200: successMessageSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { user } = requireStaff(request, 'administer');
      return { success: true as const, message: await users.resetStaffMfa(deps.db, user, request.params.id) };
    },
  );

  r.post(
    '/api/admin/impersonate/:id',
    {
      onRequest: staffOnly('administer'),
      schema: {
        tags,
        operationId: 'startImpersonation',
        summary: 'View the product as a creator',
        params: idParams,
        response: { 200: userAnswerSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const auth = requireStaff(request, 'administer');
      return { success: true, user: await users.startImpersonation(deps.db, auth, request.params.id) };
    },
  );

  r.post(
    '/api/admin/stop-impersonate',
    {
      onRequest: signedIn,
      config: { allowWhileImpersonating: true },
      schema: {
        tags,
        operationId: 'stopImpersonation',
        summary: 'Stop viewing as a creator: back to the admin',
        response: { 200: userAnswerSchema, ...errors(401, 403, 409) },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      return { success: true, user: await users.stopImpersonation(deps.db, auth) };
    },
  );

  r.get(
    '/api/platform-management',
    {
      onRequest: staffOnly('read'),
      schema: {
        tags,
        operationId: 'listPlatforms',
        summary: 'The partner platforms',
        response: { 200: platformListAnswerSchema, ...errors(401, 403) },
      },
    },
    async () => ({
      success: true,
      data: await users.listPlatforms(deps.db),
    }),
  );

  r.post(
    '/api/platform-management',
    {
      onRequest: staffOnly('administer'),
      schema: {
        tags,
        operationId: 'createPlatform',
        summary: 'Add a partner platform',
        body: platformCreateSchema,
        response: { 201: platformAnswerSchema, ...errors(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const { user } = requireStaff(request);
      return reply
        .status(201)
        .send({ success: true, data: await users.createPlatform(deps.db, user, request.body) });
    },
  );

  r.get(
    '/api/platform-management/dashboard/mode',
    {
      onRequest: staffOnly('read'),
      schema: {
        tags,
        operationId: 'getDashboardMode',
        summary: "The caller's own dashboard mode: production, testing or hybrid applications",
        response: { 200: dashboardModeAnswerSchema, ...errors(401, 403) },
      },
    },
    async (request) => ({
      success: true,
      data: { mode: dashboardMode(requireStaff(request).user) },
    }),
  );

  r.post(
    '/api/platform-management/dashboard/mode',
    {
      onRequest: staffOnly('read'),
      schema: {
        tags,
        operationId: 'setDashboardMode',
        summary: "Set the caller's own dashboard mode (audited); other staff keep theirs",
        body: dashboardModeSchema,
        response: { 200: dashboardModeAnswerSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const { user } = requireStaff(request);
      await setDashboardMode(deps.db, user, request.body.mode);
      return { success: true, data: { mode: request.body.mode } };
    },
  );

  r.post(
    '/api/admin/payments/:id/reverse',
    {
      onRequest: staffOnly('finance'),
      schema: {
        tags,
        operationId: 'reversePayment',
        summary:
          'Ask to reverse a payment (bounced, or recorded in error) with a reason (202): once a second person approves it, a reversing journal, allocations undone and re-run, the creator told; nothing deleted',
        params: idParams,
        body: reversePaymentSchema,
        response: { 202: approvalPendingAnswerSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { user } = requireStaff(request);
      return sendForApproval(deps, reply, user, await reversalChange(deps, request.params.id, request.body));
    },
  );
}
