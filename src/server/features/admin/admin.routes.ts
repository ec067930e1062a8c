import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { businessDate } from '../../../shared/business-date';
import {
  addPaymentSchema,
  adminApplicationPatchSchema,
  adminScheduleSchema,
  adminUserPatchSchema,
  dashboardModeSchema,
  platformCreateSchema,
  proofReviewSchema,
  restructureSchema,
  settleQuoteSchema,
} from '../../../shared/schemas/admin';
import {
  adminApplicationsPageSchema,
  adminApplicationsQuerySchema,
  adminUsersPageSchema,
  adminUsersQuerySchema,
} from '../../../shared/schemas/admin-lists';
import { previewTermsSchema } from '../../../shared/schemas/applications';
import { openSettlementQuotesSchema } from '../../../shared/schemas/servicing';
import { conditionalGet } from '../../lib/conditional-get';
import type { Deps } from '../../lib/deps';
import { badRequest } from '../../lib/errors';
import { idParams } from '../../lib/route-schemas';
import { adminOnly, requireActingUser, requireAdmin, requireUser, signedIn } from '../../plugins/session';
import { dashboardMode, writeSetting } from '../app-settings/app-settings.service';
import { recordAction } from '../audit/audit.repository';
import { listOpenQuotes, restructureLoan, settleQuote } from '../servicing/servicing.service';
import * as admin from './admin-applications.service';
import { adminOverview } from './admin-overview.repository';
import * as users from './admin-users.service';
import { scopedIdempotencyKey, withIdempotency } from './idempotency';
import { reviewProofFile } from './proof-review.service';

export function adminRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];

  r.get(
    '/api/admin/applications',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'One page of applications in the dashboard mode, with counts per status',
        querystring: adminApplicationsQuerySchema,
        response: { 200: adminApplicationsPageSchema },
      },
    },
    async (request) => admin.listApplications(deps.db, request.query, await dashboardMode(deps.db)),
  );

  r.get(
    '/api/admin/overview',
    {
      onRequest: adminOnly,
      schema: { tags, summary: 'Overview cards and risk distribution (dashboard mode)' },
    },
    async () => adminOverview(deps.db, await dashboardMode(deps.db)),
  );

  r.get(
    '/api/admin/proof-files/:id',
    { onRequest: adminOnly, schema: { tags, summary: 'Download a proof of earnings', params: idParams } },
    async (request, reply) => {
      const file = await admin.openProofFile(deps, request.params.id);
      return reply
        .header('Content-Type', file.mimeType)
        .header('Content-Disposition', `attachment; filename="${file.downloadName}"`)
        .header('Cache-Control', 'private, no-store')
        .send(file.data);
    },
  );

  r.post(
    '/api/admin/proof-files/:id/review',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary:
          "Verify or reject a creator's proof of earnings: open applications citing it are scored again (audited)",
        params: idParams,
        body: proofReviewSchema,
      },
    },
    async (request) => {
      const { user } = requireAdmin(request);
      const data = await reviewProofFile(deps, user, request.params.id, request.body.decision);
      const message = data.reviewStatus === 'verified' ? 'Proof verified' : 'Proof rejected';
      return { success: true, data, message };
    },
  );

  r.get(
    '/api/admin/applications/:id',
    { onRequest: adminOnly, schema: { tags, params: idParams } },
    async (request) => {
      requireAdmin(request);
      return admin.applicationDetails(deps.db, request.params.id, businessDate(deps.clock.now()));
    },
  );

  r.patch(
    '/api/admin/applications/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Decide or edit an application',
        params: idParams,
        body: adminApplicationPatchSchema,
      },
    },
    async (request) => {
      const { user } = requireAdmin(request);
      const data = await admin.patchApplication(deps, user, request.params.id, request.body);
      return { success: true, data, message: 'Application updated' };
    },
  );

  r.delete(
    '/api/admin/applications/:id',
    { onRequest: adminOnly, schema: { tags, params: idParams } },
    async (request) => {
      const { user } = requireAdmin(request);
      await admin.deleteApplication(deps, user, request.params.id);
      return { success: true, message: 'Application deleted' };
    },
  );

  r.post(
    '/api/admin/applications/:id/preview-terms',
    {
      onRequest: adminOnly,
      schema: { tags, params: idParams, body: previewTermsSchema.optional().default({}) },
    },
    async (request) => {
      requireAdmin(request);
      return admin.adminPreviewTerms(deps, request.params.id, request.body ?? {});
    },
  );

  r.post(
    '/api/applications/:id/repayment-schedule',
    {
      onRequest: adminOnly,
      schema: { tags, summary: 'Admin repayment setup', params: idParams, body: adminScheduleSchema },
    },
    async (request) => {
      const { user } = requireAdmin(request);
      const data = await admin.setupSchedule(deps, user, request.params.id, request.body);
      return { success: true, data, message: 'Repayment schedule has been set up' };
    },
  );

  r.post(
    '/api/admin/applications/:id/restructure',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Renegotiate an eligible loan: the remaining balance over a new period, no extra cost',
        params: idParams,
        body: restructureSchema,
      },
    },
    async (request) => {
      const { user } = requireAdmin(request);
      const data = await restructureLoan(deps, user, request.params.id, request.body.estimatedPeriod);
      return { success: true, data, message: 'The loan has been restructured.' };
    },
  );

  r.get(
    '/api/admin/settlement-quotes',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Open early-settlement quotes, still valid today',
        response: { 200: openSettlementQuotesSchema },
      },
    },
    async () => ({ success: true as const, data: await listOpenQuotes(deps) }),
  );

  r.post(
    '/api/admin/settlement-quotes/:id/settle',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Record that a quoted early settlement arrived (closes the loan)',
        params: idParams,
        body: settleQuoteSchema.optional().default({}),
      },
    },
    async (request, reply) => {
      const { user } = requireAdmin(request);
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
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Record a payment (idempotent with an Idempotency-Key header)',
        params: idParams,
        body: addPaymentSchema,
        headers: z.object({ 'idempotency-key': z.string().min(8).max(100).optional() }).passthrough(),
      },
    },
    async (request, reply) => {
      const { user } = requireAdmin(request);
      const key = request.headers['idempotency-key'] as string | undefined;
      if (key !== undefined && !/^[\w-]{8,100}$/.test(key))
        throw badRequest('Idempotency-Key must be 8-100 letters, digits, - or _');
      const { statusCode, body } = await withIdempotency(deps.db, {
        key,
        userId: user.id,
        route: `payments:${request.params.id}`,
        request: request.body,
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
      onRequest: [adminOnly, conditionalGet((request) => [urlDigest(request.url)])],
      config: { dataVersion: 'users' },
      schema: {
        tags,
        summary: 'One page of users',
        querystring: adminUsersQuerySchema,
        response: { 200: adminUsersPageSchema },
      },
    },
    async (request) => users.listUsers(deps.db, request.query),
  );

  r.get(
    '/api/admin/users/:id',
    { onRequest: adminOnly, schema: { tags, params: idParams } },
    async (request) => {
      const details = await users.userDetails(deps.db, request.params.id, businessDate(deps.clock.now()));
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
    { onRequest: adminOnly, schema: { tags, params: idParams, body: adminUserPatchSchema } },
    async (request) => {
      const { user } = requireAdmin(request);
      return { success: true, user: await users.patchUser(deps.db, user, request.params.id, request.body) };
    },
  );

  r.post(
    '/api/admin/impersonate/:id',
    { onRequest: signedIn, schema: { tags, summary: 'View the product as a creator', params: idParams } },
    async (request) => {
      // An admin's rights (viewing as someone) need a session that passed the second factor.
      const auth = requireActingUser(request);
      return { success: true, user: await users.startImpersonation(deps.db, auth, request.params.id) };
    },
  );

  r.post(
    '/api/admin/stop-impersonate',
    { onRequest: signedIn, config: { allowWhileImpersonating: true }, schema: { tags } },
    async (request) => {
      const auth = requireUser(request);
      return { success: true, user: await users.stopImpersonation(deps.db, auth) };
    },
  );

  r.get('/api/platform-management', { onRequest: adminOnly, schema: { tags } }, async () => ({
    success: true,
    data: await users.listPlatforms(deps.db),
  }));

  r.post(
    '/api/platform-management',
    { onRequest: adminOnly, schema: { tags, body: platformCreateSchema } },
    async (request, reply) => {
      const { user } = requireAdmin(request);
      return reply
        .status(201)
        .send({ success: true, data: await users.createPlatform(deps.db, user, request.body) });
    },
  );

  r.get('/api/platform-management/dashboard/mode', { onRequest: adminOnly, schema: { tags } }, async () => ({
    success: true,
    data: { mode: await dashboardMode(deps.db) },
  }));

  r.post(
    '/api/platform-management/dashboard/mode',
    { onRequest: adminOnly, schema: { tags, body: dashboardModeSchema } },
    async (request) => {
      const { user } = requireAdmin(request);
      await writeSetting(deps.db, 'dashboard_mode', request.body.mode, user.id);
      await recordAction(deps.db, {
        userId: null,
        adminId: user.id,
        action: 'dashboard_mode_changed',
        notes: request.body.mode,
      });
      return { success: true, data: { mode: request.body.mode } };
    },
  );
}
