// Public facts about the law the product lends under: the National Credit Act's charge ceilings (docs/compliance.md).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ceilingsAnswerSchema,
  ceilingsQuerySchema,
  providerAnswerSchema,
} from '../../../shared/schemas/compliance';
import type { Deps } from '../../lib/deps';
import { errors } from '../../lib/route-schemas';
import { ceilingsFor, providerFor } from './compliance.service';

const tags = ['compliance'];

export function complianceRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/compliance/ceilings',
    {
      schema: {
        tags,
        operationId: 'getChargeCeilings',
        summary:
          'The National Credit Act ceilings (interest, initiation fee, service fee, largest cost of credit) for an amount, term and class; open to anyone',
        querystring: ceilingsQuerySchema,
        response: { 200: ceilingsAnswerSchema, ...errors(400) },
      },
    },
    async (request) => ceilingsFor(deps, request.query),
  );

  r.get(
    '/api/compliance/provider',
    {
      schema: {
        tags,
        operationId: 'getCreditProvider',
        summary: "Who lends: the provider's legal name, NCR registration number and address; open to anyone",
        // Nothing to ask: any query parameter is a mistake (400), not something silently ignored.
        querystring: z.object({}).strict(),
        response: { 200: providerAnswerSchema, ...errors(400) },
      },
    },
    async (_request, reply) => {
      // Fixed for the life of the process: browsers may keep it for an hour.
      reply.header('cache-control', 'public, max-age=3600');
      return providerFor(deps);
    },
  );
}
