import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditTrailPageSchema, auditTrailQuerySchema } from '../../../shared/schemas/audit';
import type { Deps } from '../../lib/deps';
import { errors } from '../../lib/route-schemas';
import { staffOnly } from '../../plugins/session';
import { readAuditTrail } from './audit-trail.service';

export function auditRoutes(app: FastifyInstance, { db }: Deps) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/admin/audit',
    {
      onRequest: staffOnly('read'),
      schema: {
        tags: ['admin'],
        operationId: 'listAuditTrail',
        summary:
          'The audit trail: every admin action, sign-in, second-factor event and impersonation, newest first, filtered by who acted, whom it concerned, the action and the days',
        querystring: auditTrailQuerySchema,
        response: { 200: auditTrailPageSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => readAuditTrail(db, request.query),
  );
}
