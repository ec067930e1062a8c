// The back office's applications: the list and overview, one application's details, the admin's review and edit,
// delete, the terms preview, the repayment plan's setup and the payout (which waits for a second person).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { businessDate } from '../../../shared/business-date';
import {
  adminApplicationAnswerSchema,
  adminApplicationDetailsSchema,
  adminApplicationPatchSchema,
  adminOverviewSchema,
  adminPreviewTermsSchema,
  adminScheduleSchema,
  payoutSchema,
} from '../../../shared/schemas/admin-applications';
import {
  adminApplicationsPageSchema,
  adminApplicationsQuerySchema,
} from '../../../shared/schemas/admin-lists';
import { previewTermsAnswerSchema } from '../../../shared/schemas/applications';
import { approvalPendingAnswerSchema } from '../../../shared/schemas/approvals';
import { successMessageSchema } from '../../../shared/schemas/common';
import type { Deps } from '../../lib/deps';
import { errors, idParams } from '../../lib/route-schemas';
import { requireStaff, staffOnly } from '../../plugins/session';
import { dashboardMode } from '../app-settings/app-settings.service';
import * as admin from './admin-applications.service';
import { adminOverview } from './admin-overview.repository';
import { applicationChangeNeedingApproval, payoutChange } from './approvable-changes';
import { sendForApproval } from './send-for-approval';

export function adminApplicationRoutes(app: FastifyInstance, deps: Deps) {
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
}
