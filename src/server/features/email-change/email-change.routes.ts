// The routes for changing the sign-in e-mail (decision 010; the rules are in email-change.service.ts). A feature of its
// own so that the account's profile (users) needs neither the one-time codes (auth) nor the mail: users stays beneath
// both, and no import between features closes a cycle.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { userAnswerSchema } from '../../../shared/schemas/auth';
import { successSchema } from '../../../shared/schemas/common';
import {
  emailChangeRequestAnswerSchema,
  emailChangeRequestSchema,
  emailChangeVerifySchema,
  pendingEmailChangeSchema,
} from '../../../shared/schemas/users';
import type { Deps } from '../../lib/deps';
import { errors } from '../../lib/route-schemas';
import { requireUser, signedIn } from '../../plugins/session';
import { toPublicUser } from '../users/users.service';
import * as emailChange from './email-change.service';

const tags = ['account'];

export function emailChangeRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/users/me/email-change',
    {
      onRequest: signedIn,
      schema: {
        tags,
        operationId: 'getPendingEmailChange',
        summary: 'The change of sign-in e-mail waiting for its code, if any',
        response: { 200: pendingEmailChangeSchema, ...errors(401, 403) },
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
        operationId: 'requestEmailChange',
        body: emailChangeRequestSchema,
        response: { 202: emailChangeRequestAnswerSchema, ...errors(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const { pendingEmail } = await emailChange.requestEmailChange(
        deps,
        requireUser(request).user,
        request.body,
        request.ip,
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
        operationId: 'confirmEmailChange',
        summary: 'Enter the code sent to the new address: it becomes the sign-in e-mail',
        body: emailChangeVerifySchema,
        response: { 200: userAnswerSchema, ...errors(400, 401, 403, 404, 409, 429) },
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
        operationId: 'cancelEmailChange',
        summary: 'Stop a change of sign-in e-mail that is waiting for its code',
        response: { 200: successSchema, ...errors(401, 403) },
      },
    },
    async (request) => {
      await emailChange.cancelEmailChange(deps, requireUser(request).user);
      return { success: true as const };
    },
  );
}
