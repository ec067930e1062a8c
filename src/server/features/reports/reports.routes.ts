// Admin reports: the NCR statistical return (Form 39) for a quarter, as JSON for the screen and as CSV to file
// (docs/compliance.md, "NCR statistical return (Form 39)").
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { form39AnswerSchema, form39QuerySchema } from '../../../shared/schemas/reports';
import type { Deps } from '../../lib/deps';
import { binaryResponse, errors } from '../../lib/route-schemas';
import { staffOnly } from '../../plugins/session';
import { form39CsvFile, form39Return } from './form39.service';

const tags = ['reports'];

export function reportRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/admin/reports/form-39',
    {
      onRequest: staffOnly('read'),
      schema: {
        tags,
        operationId: 'getFormThirtyNineReturn',
        summary:
          "The NCR statistical return (Form 39) for a calendar quarter: agreements granted by class and income band, applications received and declined, the book in arrears at the quarter's end",
        querystring: form39QuerySchema,
        response: { 200: form39AnswerSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => form39Return(deps, request.query),
  );

  r.get(
    '/api/admin/reports/form-39.csv',
    {
      onRequest: staffOnly('read'),
      schema: {
        tags,
        operationId: 'downloadFormThirtyNineCsv',
        summary:
          'The same return as a CSV file: a header row, one row per line item, each group with its total',
        querystring: form39QuerySchema,
        response: {
          200: binaryResponse('The return (an attachment)', ['text/csv']),
          ...errors(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const file = await form39CsvFile(deps, request.query);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
        .send(file.text);
    },
  );
}
