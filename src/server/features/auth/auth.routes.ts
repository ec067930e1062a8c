import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  loginSchema,
  publicUserSchema,
  registerSchema,
  requestPasswordResetSchema,
  resendVerificationSchema,
  resetPasswordSchema,
  verifyEmailSchema,
} from '../../../shared/schemas/auth';
import { type MfaStep, mfaStepSchema } from '../../../shared/schemas/mfa';
import type { Deps } from '../../lib/deps';
import { requireUser } from '../../plugins/session';
import { destroySession } from '../sessions/sessions.service';
import { toPublicUser } from '../users/users.service';
import * as auth from './auth.service';

const errorResponse = z.object({ message: z.string(), error: z.string().optional() }).passthrough();
const okMessage = z.object({ success: z.literal(true), message: z.string() });
const userResponse = z.object({ success: z.literal(true), user: publicUserSchema });
const loginResponse = userResponse.extend({ mfa: mfaStepSchema.optional() });

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
        summary: 'The signed-in user',
        response: { 200: publicUserSchema, 401: errorResponse },
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
        summary: 'Start a registration: e-mails a 6-digit code',
        body: registerSchema,
        response: {
          201: z.object({ success: z.literal(true), message: z.string(), email: z.string() }),
          409: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const { email } = await auth.register(deps, request.body);
      return reply.status(201).send({
        success: true,
        message: 'Registration started. Check your email for the verification code.',
        email,
      });
    },
  );

  r.post(
    '/api/verify-email',
    {
      schema: {
        tags: ['account'],
        summary: 'Verify the e-mailed code; signs the user in',
        body: verifyEmailSchema,
        response: { 200: userResponse, 400: errorResponse },
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
        summary: 'Send a new verification code (at most one a minute)',
        body: resendVerificationSchema,
        response: { 200: okMessage, 429: errorResponse },
      },
    },
    async (request) => {
      await auth.resendVerification(deps, request.body);
      return {
        success: true as const,
        message: 'If this account is waiting for verification, a new code has been sent.',
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
        body: loginSchema,
        response: { 200: loginResponse, 401: errorResponse, 403: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      const { user, token, persistent } = await auth.login(deps, request.body, meta(request));
      reply.setSessionCookie(token, persistent);
      // Admins pass a second factor on every sign-in (decision 017).
      const mfa: MfaStep | undefined =
        user.role === 'admin' ? (user.mfaEnabledAt ? 'verify' : 'enrol') : undefined;
      return { success: true as const, user: toPublicUser(user), ...(mfa ? { mfa } : {}) };
    },
  );

  r.post(
    '/api/logout',
    {
      config: { allowWhileImpersonating: true },
      schema: {
        tags: ['account'],
        summary: 'Sign out',
        response: { 200: z.object({ success: z.boolean() }) },
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
        summary: 'E-mail a password reset link (same answer whether or not the account exists)',
        body: requestPasswordResetSchema,
        response: { 200: okMessage },
      },
    },
    async (request) => {
      await auth.requestPasswordReset(deps, request.body);
      return { success: true as const, message: auth.RESET_REQUEST_MESSAGE };
    },
  );

  r.post(
    '/api/reset-password',
    {
      schema: {
        tags: ['account'],
        summary: 'Set a new password with a reset link; ends every session of the account',
        body: resetPasswordSchema,
        response: { 200: okMessage, 400: errorResponse },
      },
    },
    async (request) => {
      await auth.resetPassword(deps, request.body);
      return { success: true as const, message: 'Your password has been reset. Please sign in.' };
    },
  );
}
