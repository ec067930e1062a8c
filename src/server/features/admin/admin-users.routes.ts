// The back office's users: the list, one user's page (its history paged), the edit (a role change waits for a second person), the admin's authenticator reset, and viewing as a creator.
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { businessDate } from '../../../shared/business-date';
import {
  adminUserDetailsQuerySchema,
  adminUsersPageSchema,
  adminUsersQuerySchema,
} from '../../../shared/schemas/admin-lists';
import {
  adminUserAnswerSchema,
  adminUserDetailsSchema,
  adminUserPatchSchema,
} from '../../../shared/schemas/admin-users';
import { approvalPendingAnswerSchema } from '../../../shared/schemas/approvals';
import { userAnswerSchema } from '../../../shared/schemas/auth';
import { successMessageSchema } from '../../../shared/schemas/common';
import { conditionalGet } from '../../lib/conditional-get';
import type { Deps } from '../../lib/deps';
import { errors, idParams } from '../../lib/route-schemas';
import { requireStaff, requireUser, signedIn, staffOnly } from '../../plugins/session';
import * as users from './admin-users.service';
import { roleChangeNeedingApproval } from './approvable-changes';
import { sendForApproval } from './send-for-approval';

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
      return { success: true as const, message: await users.resetStaffMfa(deps, user, request.params.id) };
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
      return { success: true, user: await users.startImpersonation(deps, auth, request.params.id) };
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
      return { success: true, user: await users.stopImpersonation(deps, auth) };
    },
  );
}
