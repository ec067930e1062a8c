import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicUserSchema } from '../../../shared/schemas/auth';
import {
  emailChangeRequestSchema,
  emailChangeVerifySchema,
  pendingEmailChangeSchema,
  updateUserSchema,
} from '../../../shared/schemas/users';
import type { Deps } from '../../lib/deps';
import { forbidden } from '../../lib/errors';
import { idParams } from '../../lib/route-schemas';
import { requireUser, signedIn } from '../../plugins/session';
import * as emailChange from './email-change.service';
import { toPublicUser, updateOwnProfile } from './users.service';

const tags = ['account'];

export function userRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.patch(
    '/api/users/:id',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary:
          'Update one’s own profile, bank details and platforms (never e-mail, role, status or verified)',
        params: idParams,
        body: updateUserSchema,
      },
    },
    async (request) => {
      const { user, realUser, isImpersonating } = requireUser(request);
      if (request.params.id !== user.id) throw forbidden('You can only update your own profile');
      const updated = await updateOwnProfile(deps, user, request.body);
      return toPublicUser(updated, isImpersonating ? realUser : null);
    },
  );

  r.get(
    '/api/users/me/email-change',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'The change of sign-in e-mail waiting for its code, if any',
        response: { 200: pendingEmailChangeSchema },
      },
    },
    async (request) => emailChange.pendingEmailChange(deps, requireUser(request).user),
  );

  r.post(
    '/api/users/me/email-change',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary:
          'Ask to change the sign-in e-mail: needs the current password; a code goes to the new address and the old one is told',
        body: emailChangeRequestSchema,
        response: {
          202: z.object({ success: z.literal(true), message: z.string(), pendingEmail: z.string() }),
        },
      },
    },
    async (request, reply) => {
      const { pendingEmail } = await emailChange.requestEmailChange(
        deps,
        requireUser(request).user,
        request.body,
      );
      return reply.code(202).send({
        success: true as const,
        message: `We sent a 6-digit code to ${pendingEmail}. Enter it to make it your sign-in e-mail.`,
        pendingEmail,
      });
    },
  );

  r.post(
    '/api/users/me/email-change/verify',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Enter the code sent to the new address: it becomes the sign-in e-mail',
        body: emailChangeVerifySchema,
        response: { 200: z.object({ success: z.literal(true), user: publicUserSchema }) },
      },
    },
    async (request) => {
      const { user } = requireUser(request);
      const updated = await emailChange.confirmEmailChange(deps, user, request.body);
      return { success: true as const, user: toPublicUser(updated) };
    },
  );

  r.delete(
    '/api/users/me/email-change',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Stop a change of sign-in e-mail that is waiting for its code',
        response: { 200: z.object({ success: z.literal(true) }) },
      },
    },
    async (request) => {
      await emailChange.cancelEmailChange(deps, requireUser(request).user);
      return { success: true as const };
    },
  );
}
