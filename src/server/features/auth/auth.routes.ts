import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  loginAnswerSchema,
  loginSchema,
  logoutAnswerSchema,
  publicUserSchema,
  registerAnswerSchema,
  registerSchema,
  requestPasswordResetSchema,
  resendVerificationAnswerSchema,
  resendVerificationSchema,
  resetPasswordSchema,
  userAnswerSchema,
  verifyEmailSchema,
} from '../../../shared/schemas/auth';
import { successMessageSchema } from '../../../shared/schemas/common';
import type { MfaStep } from '../../../shared/schemas/mfa';
import { isStaff } from '../../../shared/staff-roles';
import type { Deps } from '../../lib/deps';
import { errors } from '../../lib/route-schemas';
import { requireUser } from '../../plugins/session';
import { destroySession } from '../sessions/sessions.service';
import { toPublicUser } from '../users/users.service';
import * as auth from './auth.service';
import { RESEND_INTERVAL_MS } from './one-time-codes';

const RESEND_AFTER_SECONDS = RESEND_INTERVAL_MS / 1000;

// Public routes (no session needed) say so with `security: []`; the document's default is the session cookie.
const publicRoute = { security: [] };

export function authRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const meta = (request: { ip: string; headers: { 'user-agent'?: string } }) => ({
    ip: request.ip,
    userAgent: request.headers['user-agent'],
  });

  r.get(
    '/api/user',
    {
      schema: {
        tags: ['account'],
        operationId: 'getCurrentUser',
        summary: 'The signed-in user',
        response: { 200: publicUserSchema, ...errors(401) },
      },
    },
    async (request) => {
      const { user, realUser, isImpersonating } = requireUser(request);
      return toPublicUser(user, isImpersonating ? realUser : null);
    },
  );

  r.post(
    '/api/register',
    {
      schema: {
        tags: ['account'],
        operationId: 'register',
        summary: 'Start a registration: e-mails a 6-digit code',
        ...publicRoute,
        body: registerSchema,
        response: { 201: registerAnswerSchema, ...errors(400, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const { email } = await auth.register(deps, request.body, meta(request));
      return reply.status(201).send({
        success: true,
        message: 'Registration started. Check your email for the verification code.',
        email,
        retryAfterSeconds: RESEND_AFTER_SECONDS,
      });
    },
  );

  r.post(
    '/api/verify-email',
    {
      schema: {
        tags: ['account'],
        operationId: 'verifyEmail',
        summary: 'Verify the e-mailed code; signs the user in',
        ...publicRoute,
        body: verifyEmailSchema,
        response: { 200: userAnswerSchema, ...errors(400, 403, 429) },
      },
    },
    async (request, reply) => {
      const { user, token } = await auth.verifyEmail(deps, request.body, meta(request));
      reply.setSessionCookie(token, false);
      return { success: true as const, user: toPublicUser(user) };
    },
  );

  r.post(
    '/api/resend-verification',
    {
      schema: {
        tags: ['account'],
        operationId: 'resendVerification',
        summary: 'Send a new verification code (at most one a minute)',
        ...publicRoute,
        body: resendVerificationSchema,
        response: { 200: resendVerificationAnswerSchema, ...errors(400, 403, 429) },
      },
    },
    async (request) => {
      await auth.resendVerification(deps, request.body, meta(request));
      // A code was just sent (or the account is unknown, which must answer alike): the full minute to wait.
      // A request within the minute answers 429 with the seconds left in Retry-After.
      return {
        success: true as const,
        message: 'If this account is waiting for verification, a new code has been sent.',
        retryAfterSeconds: RESEND_AFTER_SECONDS,
      };
    },
  );

  r.post(
    '/api/login',
    {
      schema: {
        tags: ['account'],
        summary:
          'Sign in. For an admin, `mfa` says what the session needs before admin routes answer: "enrol" (set up an authenticator at /api/mfa/enrol) or "verify" (/api/mfa/verify)',
        operationId: 'login',
        ...publicRoute,
        body: loginSchema,
        response: { 200: loginAnswerSchema, ...errors(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const { user, token, persistent } = await auth.login(deps, request.body, meta(request));
      reply.setSessionCookie(token, persistent);
      // Staff pass a second factor on every sign-in (decision 017).
      const mfa: MfaStep | undefined = isStaff(user.role)
        ? user.mfaEnabledAt
          ? 'verify'
          : 'enrol'
        : undefined;
      return { success: true as const, user: toPublicUser(user), ...(mfa ? { mfa } : {}) };
    },
  );

  r.post(
    '/api/logout',
    {
      config: { allowWhileImpersonating: true },
      schema: {
        tags: ['account'],
        operationId: 'logout',
        summary: 'Sign out (answers the same without a session)',
        security: [{}, { session: [] }],
        response: { 200: logoutAnswerSchema, ...errors(400, 403) },
      },
    },
    async (request, reply) => {
      if (request.auth) await destroySession(deps.db, request.auth.session.id);
      reply.clearSessionCookie();
      return { success: true };
    },
  );

  r.post(
    '/api/request-password-reset',
    {
      schema: {
        tags: ['account'],
        operationId: 'requestPasswordReset',
        summary: 'E-mail a password reset link (same answer whether or not the account exists)',
        ...publicRoute,
        body: requestPasswordResetSchema,
        response: { 200: successMessageSchema, ...errors(400, 403, 429) },
      },
    },
    async (request) => {
      await auth.requestPasswordReset(deps, request.body, meta(request));
      return { success: true as const, message: auth.RESET_REQUEST_MESSAGE };
    },
  );

  r.post(
    '/api/reset-password',
    {
      schema: {
        tags: ['account'],
        operationId: 'resetPassword',
        summary: 'Set a new password with a reset link; ends every session of the account',
        ...publicRoute,
        body: resetPasswordSchema,
        response: { 200: successMessageSchema, ...errors(400, 403, 429) },
      },
    },
    async (request) => {
      await auth.resetPassword(deps, request.body);
      return { success: true as const, message: 'Your password has been reset. Please sign in.' };
    },
  );
}
