// Admin reports: the NCR statistical return (Form 39) for a quarter (docs/compliance.md, "NCR statistical return
// (Form 39)"); aged arrears, roll rates and vintage curves (docs/accounting.md). Each as JSON for the screen and as CSV.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  agedArrearsQuerySchema,
  agedArrearsSchema,
  form39AnswerSchema,
  form39QuerySchema,
  rollRatesQuerySchema,
  rollRatesSchema,
  vintagesSchema,
} from '../../../shared/schemas/reports';
import { sendCsv } from '../../lib/csv-reply';
import type { Deps } from '../../lib/deps';
import { binaryResponse, errors } from '../../lib/route-schemas';
import { requireStaff, staffOnly } from '../../plugins/session';
import { agedArrears, rollRates } from './arrears.service';
import { form39CsvFile, form39Return } from './form39.service';
import { agedArrearsCsv, rollRatesCsv, vintagesCsv } from './reports-csv';
import { computeVintages, vintageReport } from './vintages.service';

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
      return sendCsv(reply, file.fileName, file.text);
    },
  );

  r.get(
    '/api/admin/reports/aged-arrears',
    {
      onRequest: staffOnly('read'),
      schema: {
        tags,
        operationId: 'getAgedArrears',
        summary:
          "Aged arrears: the loans owed by delinquency bucket (count and balance) today, or at a closed month's last day as its close kept them",
        querystring: agedArrearsQuerySchema,
        response: { 200: agedArrearsSchema, ...errors(400, 401, 403, 409) },
      },
    },
    async (request) => agedArrears(deps, request.query),
  );

  r.get(
    '/api/admin/reports/aged-arrears.csv',
    {
      onRequest: staffOnly('read'),
      schema: {
        tags,
        operationId: 'downloadAgedArrearsCsv',
        summary: 'Aged arrears as a CSV file: one line per bucket, then the total',
        querystring: agedArrearsQuerySchema,
        response: {
          200: binaryResponse('Aged arrears (an attachment)', ['text/csv']),
          ...errors(400, 401, 403, 409),
        },
      },
    },
    async (request, reply) => {
      const report = await agedArrears(deps, request.query);
      return sendCsv(reply, `vuka-aged-arrears-${report.asOf}.csv`, agedArrearsCsv(report));
    },
  );

  r.get(
    '/api/admin/reports/roll-rates',
    {
      onRequest: staffOnly('read'),
      schema: {
        tags,
        operationId: 'getRollRates',
        summary:
          'Roll rates into a closed month from the month before it: for each bucket (and loans new since), where its loans were at the later close, with the share',
        querystring: rollRatesQuerySchema,
        response: { 200: rollRatesSchema, ...errors(400, 401, 403, 409) },
      },
    },
    async (request) => rollRates(deps, request.query),
  );

  r.get(
    '/api/admin/reports/roll-rates.csv',
    {
      onRequest: staffOnly('read'),
      schema: {
        tags,
        operationId: 'downloadRollRatesCsv',
        summary: 'Roll rates as a CSV file: one line per move from a bucket to a bucket',
        querystring: rollRatesQuerySchema,
        response: {
          200: binaryResponse('Roll rates (an attachment)', ['text/csv']),
          ...errors(400, 401, 403, 409),
        },
      },
    },
    async (request, reply) => {
      const report = await rollRates(deps, request.query);
      return sendCsv(reply, `vuka-roll-rates-${report.from}-to-${report.to}.csv`, rollRatesCsv(report));
    },
  );

  r.get(
    '/api/admin/reports/vintages',
    {
      onRequest: staffOnly('read'),
      schema: {
        tags,
        operationId: 'getVintageCurves',
        summary:
          'Vintage curves: for each payout month of the last two years, cumulative default (share of principal) and collections (share of what is owed) by months on book, as the daily job last computed them',
        response: { 200: vintagesSchema, ...errors(401, 403) },
      },
    },
    async () => vintageReport(deps),
  );

  r.get(
    '/api/admin/reports/vintages.csv',
    {
      onRequest: staffOnly('read'),
      schema: {
        tags,
        operationId: 'downloadVintageCurvesCsv',
        summary: 'Vintage curves as a CSV file: one line per payout month and month on book',
        response: {
          200: binaryResponse('Vintage curves (an attachment)', ['text/csv']),
          ...errors(401, 403),
        },
      },
    },
    async (_request, reply) => {
      const report = await vintageReport(deps);
      return sendCsv(reply, `vuka-vintages-${report.asOf}.csv`, vintagesCsv(report));
    },
  );

  r.post(
    '/api/admin/reports/vintages',
    {
      onRequest: staffOnly('finance'),
      schema: {
        tags,
        operationId: 'computeVintageCurves',
        summary:
          'Computes the vintage curves now (the daily job does it once a day) and keeps them: about a second at 100 000 applications',
        response: { 201: vintagesSchema, ...errors(401, 403) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await computeVintages(deps, requireStaff(request, 'finance').user.id)),
  );
}
