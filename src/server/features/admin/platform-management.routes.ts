// The platforms creators can name, and the dashboard mode (live or testing) an admin works in.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  dashboardModeAnswerSchema,
  dashboardModeSchema,
  platformAnswerSchema,
  platformCreateSchema,
  platformListAnswerSchema,
} from '../../../shared/schemas/platform-management';
import type { Deps } from '../../lib/deps';
import { errors } from '../../lib/route-schemas';
import { requireStaff, staffOnly } from '../../plugins/session';
import { dashboardMode, setDashboardMode } from '../app-settings/app-settings.service';
import * as users from './admin-users.service';

export function platformManagementRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];

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
        .send({ success: true, data: await users.createPlatform(deps, user, request.body) });
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
      await setDashboardMode(deps, user, request.body.mode);
      return { success: true, data: { mode: request.body.mode } };
    },
  );
}
