import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addPaymentSchema,
  adminApplicationPatchSchema,
  adminScheduleSchema,
} from '../../../shared/schemas/admin';
import { previewTermsSchema } from '../../../shared/schemas/applications';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { badRequest } from '../../lib/errors';
import { idParams } from '../../lib/route-schemas';
import { adminOnly, requireAdmin } from '../../plugins/session';
import { dashboardMode } from '../app-settings/app-settings.service';
import * as admin from './admin-applications.service';
import { scopedIdempotencyKey, withIdempotency } from './idempotency';

export function adminRoutes(app: FastifyInstance, deps: { db: Db; config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];

  r.get(
    '/api/admin/applications',
    { onRequest: adminOnly, schema: { tags, summary: 'All applications in the dashboard mode' } },
    async (request) => {
      requireAdmin(request);
      return admin.listAllApplications(deps.db, await dashboardMode(deps.db));
    },
  );

  r.get(
    '/api/admin/applications/:id',
    { onRequest: adminOnly, schema: { tags, params: idParams } },
    async (request) => {
      requireAdmin(request);
      return admin.applicationDetails(deps.db, request.params.id);
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
        run: async () => {
          const result = await admin.addPayment(
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
