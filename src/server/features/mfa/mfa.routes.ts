// The admin second factor over HTTP (decision 017), for the sign-in screens and for scripts alike:
// status, enrol (key + QR), confirm (first code; recovery codes once), verify (code or recovery code).
// Open to an admin's session before it has passed the factor; a creator gets 403, a visitor 401.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  mfaConfirmResponseSchema,
  mfaConfirmSchema,
  mfaEnrolResponseSchema,
  mfaStatusSchema,
  mfaVerifyResponseSchema,
  mfaVerifySchema,
} from '../../../shared/schemas/mfa';
import type { Deps } from '../../lib/deps';
import { errorResponse } from '../../lib/route-schemas';
import { adminAccountOnly, requireAdminAccount } from '../../plugins/session';
import type { MfaActor } from './mfa.service';
import * as mfa from './mfa.service';

const refusals = { 401: errorResponse, 403: errorResponse };

/** The factor is the signed-in admin's and the session's, whoever they might be viewing as. */
function actorOf(request: FastifyRequest): MfaActor {
  const auth = requireAdminAccount(request);
  return { userId: auth.realUser.id, sessionId: auth.session.id, passedAt: auth.session.mfaPassedAt };
}

export function mfaRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/mfa',
    {
      onRequest: adminAccountOnly,
      schema: {
        tags: ['admin security'],
        operationId: 'getMfaStatus',
        summary: "The signed-in admin's second factor: set up or not, passed by this session or not",
        response: { 200: mfaStatusSchema, ...refusals },
      },
    },
    async (request) => mfa.mfaStatus(deps, actorOf(request)),
  );

  r.post(
    '/api/mfa/enrol',
    {
      onRequest: adminAccountOnly,
      schema: {
        tags: ['admin security'],
        operationId: 'startMfaEnrolment',
        summary:
          'Start setting up an authenticator app (TOTP, SHA-1, 6 digits, 30 s): the key in base32, its otpauth URL and a QR code. Shown once; a new call replaces a key not yet confirmed',
        response: { 200: mfaEnrolResponseSchema, ...refusals, 409: errorResponse },
      },
    },
    async (request) => mfa.startEnrolment(deps, actorOf(request)),
  );

  r.post(
    '/api/mfa/confirm',
    {
      onRequest: adminAccountOnly,
      schema: {
        tags: ['admin security'],
        operationId: 'confirmMfaEnrolment',
        summary:
          'Finish the set-up with a first code: this session passes, and the ten one-time recovery codes are returned (only now). 5 wrong codes in 15 minutes lock the step (429)',
        body: mfaConfirmSchema,
        response: {
          200: mfaConfirmResponseSchema,
          400: errorResponse,
          ...refusals,
          409: errorResponse,
          429: errorResponse,
        },
      },
    },
    async (request) => mfa.confirmEnrolment(deps, actorOf(request), request.body.code),
  );

  r.post(
    '/api/mfa/verify',
    {
      onRequest: adminAccountOnly,
      schema: {
        tags: ['admin security'],
        operationId: 'verifyMfa',
        summary:
          'Pass the second factor for this session with { code } from the authenticator or { recoveryCode }. Each code works once; 5 wrong codes in 15 minutes lock the step (429)',
        body: mfaVerifySchema,
        response: {
          200: mfaVerifyResponseSchema,
          400: errorResponse,
          ...refusals,
          409: errorResponse,
          429: errorResponse,
        },
      },
    },
    async (request) => mfa.verifyMfa(deps, actorOf(request), request.body),
  );
}
