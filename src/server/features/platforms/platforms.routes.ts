import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PROOF_FILE_MAX_BYTES } from '../../../shared/constants';
import { userAnswerSchema } from '../../../shared/schemas/auth';
import { successMessageSchema } from '../../../shared/schemas/common';
import {
  connectablePlatformsSchema,
  oauthCallbackQuerySchema,
  platformConnectedAnswerSchema,
  proofFileAnswerSchema,
  visionaryVerifyCodeSchema,
  visionaryVerifySchema,
  youtubeAuthAnswerSchema,
  youtubeAuthQuerySchema,
} from '../../../shared/schemas/platforms';
import type { Deps } from '../../lib/deps';
import { AppError, badRequest } from '../../lib/errors';
import { errors } from '../../lib/route-schemas';
import { textProblem } from '../../plugins/input-guard';
import { requireUser, signedIn } from '../../plugins/session';
import { toPublicUser } from '../users/users.service';
import * as platforms from './platforms.service';

export const FILE_TOO_LARGE_MESSAGE = 'File too large: Please upload a file smaller than 5MB';

/**
 * A multipart body the parser cannot read (no boundary, cut short, malformed headers) is the sender's fault: 400.
 * The plugin's own refusals (too many parts, too large) keep their 4xx status.
 */
function unreadableUpload(error: unknown) {
  const status = (error as { statusCode?: number }).statusCode;
  if (error instanceof AppError || (status !== undefined && status >= 400 && status < 500)) return error;
  return badRequest('The upload could not be read: send it as multipart/form-data with a "file" field');
}

export function platformRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['platforms'];

  r.post(
    '/api/proof-files',
    {
      onRequest: signedIn,
      schema: {
        tags,
        operationId: 'uploadProofFile',
        summary: 'Upload a proof of earnings (PDF or image, at most 5 MB; multipart field "file")',
        response: { 201: proofFileAnswerSchema, ...errors(400, 401, 403, 413, 415) },
      },
      // The JSON body limit does not apply: the multipart plugin enforces the file limit itself.
      bodyLimit: PROOF_FILE_MAX_BYTES + 64 * 1024,
    },
    async (request, reply) => {
      const { user } = requireUser(request);
      if (!request.isMultipart())
        throw new AppError(415, 'Send the proof as multipart/form-data with a "file" field');
      const file = await request
        .file({ limits: { fileSize: PROOF_FILE_MAX_BYTES, files: 1 } })
        .catch((error: unknown) => {
          throw unreadableUpload(error);
        });
      if (file?.fieldname !== 'file') throw badRequest('Choose a file to upload');
      // The file name is stored as text: NUL and lone surrogates are refused like in any JSON field.
      const nameProblem = textProblem(file.filename);
      if (nameProblem) throw badRequest(`The file name ${nameProblem}`);
      let data: Buffer;
      try {
        data = await file.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError(413, FILE_TOO_LARGE_MESSAGE);
        throw unreadableUpload(error);
      }
      if (data.length === 0) throw badRequest('The file is empty');
      const stored = await platforms.storeProofFile(deps, user, { filename: file.filename, data });
      return reply.status(201).send(stored);
    },
  );

  r.post(
    '/api/visionary-writings/verify',
    {
      onRequest: signedIn,
      schema: {
        tags,
        operationId: 'sendVisionaryCode',
        summary: 'E-mail a code to connect a Visionary account',
        body: visionaryVerifySchema,
        response: { 200: successMessageSchema, ...errors(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const { user } = requireUser(request);
      await platforms.sendVisionaryCode(deps, user, request.body.email, request.ip);
      return { success: true, message: `A verification code has been sent to ${request.body.email}.` };
    },
  );

  r.post(
    '/api/visionary-writings/verify-code',
    {
      onRequest: signedIn,
      schema: {
        tags,
        operationId: 'verifyVisionaryCode',
        summary: 'Verify the Visionary code; connects the platform',
        body: visionaryVerifyCodeSchema,
        response: { 200: platformConnectedAnswerSchema, ...errors(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const { user } = requireUser(request);
      const platform = await platforms.verifyVisionaryCode(deps, user, request.body.email, request.body.code);
      return { success: true, platform };
    },
  );

  r.get(
    '/api/platforms/connectable',
    {
      onRequest: signedIn,
      schema: {
        tags,
        operationId: 'getConnectablePlatforms',
        summary:
          'Which platforms can be connected on this server now (OAuth configured), so none is offered in vain',
        response: { 200: connectablePlatformsSchema, ...errors(401) },
      },
    },
    async () => platforms.connectablePlatforms(deps.config),
  );

  r.get(
    '/api/youtube/auth',
    {
      onRequest: signedIn,
      schema: {
        tags,
        operationId: 'getYoutubeAuthUrl',
        summary:
          'The Google authorization URL for the pop-up; purpose=earnings also asks to read the revenue and AdSense payouts, offline',
        querystring: youtubeAuthQuerySchema,
        response: { 200: youtubeAuthAnswerSchema, ...errors(400, 401, 403, 503) },
      },
    },
    async (request) => {
      const { user } = requireUser(request);
      return { authUrl: platforms.youtubeAuthUrl(deps, user, request.query.purpose ?? 'audience') };
    },
  );

  r.get(
    '/api/youtube/callback',
    {
      onRequest: signedIn,
      schema: {
        tags,
        operationId: 'connectYoutube',
        summary: 'Exchange the authorization code and read the channel statistics',
        querystring: oauthCallbackQuerySchema,
        response: { 200: platformConnectedAnswerSchema, ...errors(400, 401, 403, 502, 503) },
      },
    },
    async (request) => {
      const { user } = requireUser(request);
      const platform = await platforms.connectYoutube(deps, user, request.query.code, request.query.state);
      return { success: true, platform };
    },
  );

  r.delete(
    '/api/platforms/:key',
    {
      onRequest: signedIn,
      schema: {
        tags,
        operationId: 'disconnectPlatform',
        summary: 'Disconnect a platform',
        params: z.object({ key: z.string().min(1).max(50) }),
        response: { 200: userAnswerSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { user } = requireUser(request);
      const updated = await platforms.disconnectPlatform(deps, user, request.params.key);
      return { success: true, user: toPublicUser(updated) };
    },
  );

  r.get(
    '/api/patreon/auth',
    {
      onRequest: signedIn,
      schema: {
        tags,
        operationId: 'getPatreonAuthUrl',
        summary:
          "Patreon's authorization URL (identity and campaign members: the pledges read as monthly earnings)",
        response: { 200: youtubeAuthAnswerSchema, ...errors(401, 403, 503) },
      },
    },
    async (request) => {
      const { user } = requireUser(request);
      return { authUrl: platforms.patreonAuthUrl(deps, user) };
    },
  );

  r.get(
    '/api/patreon/callback',
    {
      onRequest: signedIn,
      schema: {
        tags,
        operationId: 'connectPatreon',
        summary:
          'Exchange the authorization code; keeps the tokens (encrypted) to read the pledges each month',
        querystring: oauthCallbackQuerySchema,
        response: { 200: platformConnectedAnswerSchema, ...errors(400, 401, 403, 502, 503) },
      },
    },
    async (request) => {
      const { user } = requireUser(request);
      const platform = await platforms.connectPatreon(deps, user, request.query.code, request.query.state);
      return { success: true, platform };
    },
  );
}
