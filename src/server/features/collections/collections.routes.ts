// Collections (docs/collections.md): the worklist and a loan's case for every member of staff; assigning, contacts,
// promises to pay and answering a request for help for those who collect; the creator's "I can't pay this month".
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assignSchema,
  closeHelpRequestSchema,
  collectionCaseSchema,
  collectionChangeAnswerSchema,
  contactInputSchema,
  helpRequestInputSchema,
  myHelpRequestSchema,
  promiseInputSchema,
  worklistQuerySchema,
  worklistSchema,
} from '../../../shared/schemas/collections';
import type { Deps } from '../../lib/deps';
import { errors, idParams } from '../../lib/route-schemas';
import { requireStaff, requireUser, signedIn, staffOnly } from '../../plugins/session';
import * as collections from './collections.service';

const requestParams = idParams.extend({ requestId: idParams.shape.id });

export function collectionRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['collections'];

  r.get(
    '/api/admin/collections',
    {
      onRequest: staffOnly('read'),
      schema: {
        tags,
        operationId: 'listCollections',
        summary:
          'The collections worklist: loans in arrears or whose creator asked for help, riskiest first (bucket, balance, broken promises)',
        querystring: worklistQuerySchema,
        response: { 200: worklistSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await collections.listWorklist(deps, requireStaff(request).user, request.query)),
    }),
  );

  r.get(
    '/api/admin/collections/:id',
    {
      onRequest: staffOnly('read'),
      schema: {
        tags,
        operationId: 'getCollectionCase',
        summary:
          "A loan's collections case: where it stands, its contacts, promises to pay and requests for help",
        params: idParams,
        response: { 200: collectionCaseSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => ({ success: true as const, ...(await collections.getCase(deps, request.params.id)) }),
  );

  r.put(
    '/api/admin/collections/:id/assignment',
    {
      onRequest: staffOnly('collect'),
      schema: {
        tags,
        operationId: 'assignCollection',
        summary:
          'Assign a loan in collections to a collector (or no one) and set its next action date (audited)',
        params: idParams,
        body: assignSchema,
        response: { 200: collectionChangeAnswerSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { user } = requireStaff(request, 'collect');
      const message = await collections.assign(deps, user, request.params.id, request.body);
      return { success: true as const, message };
    },
  );

  r.post(
    '/api/admin/collections/:id/contacts',
    {
      onRequest: staffOnly('collect'),
      schema: {
        tags,
        operationId: 'logCollectionContact',
        summary: 'Log a contact with the creator about a loan: channel, outcome and a note (audited)',
        params: idParams,
        body: contactInputSchema,
        response: { 201: collectionChangeAnswerSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { user } = requireStaff(request, 'collect');
      const message = await collections.logContact(deps, user, request.params.id, request.body);
      return reply.status(201).send({ success: true as const, message });
    },
  );

  r.post(
    '/api/admin/collections/:id/promises',
    {
      onRequest: staffOnly('collect'),
      schema: {
        tags,
        operationId: 'recordPaymentPromise',
        summary:
          'Record a promise to pay an amount by a date (within 31 days, at most the balance; one open at a time); the payments received keep or break it',
        params: idParams,
        body: promiseInputSchema,
        response: { 201: collectionChangeAnswerSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { user } = requireStaff(request, 'collect');
      const message = await collections.makePromise(deps, user, request.params.id, request.body);
      return reply.status(201).send({ success: true as const, message });
    },
  );

  r.post(
    '/api/admin/collections/:id/help-requests/:requestId/close',
    {
      onRequest: staffOnly('collect'),
      schema: {
        tags,
        operationId: 'closeHelpRequest',
        summary:
          "Answer a creator's request for help with what was agreed, which the creator then sees (audited)",
        params: requestParams,
        body: closeHelpRequestSchema,
        response: { 200: collectionChangeAnswerSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { user } = requireStaff(request, 'collect');
      const { id, requestId } = request.params;
      const message = await collections.closeHelpRequest(deps, user, id, requestId, request.body.outcome);
      return { success: true as const, message };
    },
  );

  r.get(
    '/api/applications/:id/help-request',
    {
      onRequest: signedIn,
      schema: {
        tags,
        operationId: 'getMyHelpRequest',
        summary: "The creator's latest request for help on their loan (open, or the last answered), or none",
        params: idParams,
        response: { 200: myHelpRequestSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await collections.myHelpRequest(deps, requireUser(request).user, request.params.id)),
    }),
  );

  r.post(
    '/api/applications/:id/help-request',
    {
      onRequest: signedIn,
      schema: {
        tags,
        operationId: 'askForHelp',
        summary:
          '"I can\'t pay this month": the creator asks for help with their loan, which opens a case in the collections worklist (one open at a time)',
        params: idParams,
        body: helpRequestInputSchema,
        response: {
          201: myHelpRequestSchema.extend({ message: z.string() }),
          ...errors(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const answer = await collections.askForHelp(
        deps,
        requireUser(request).user,
        request.params.id,
        request.body,
      );
      return reply.status(201).send({ success: true as const, ...answer });
    },
  );
}
