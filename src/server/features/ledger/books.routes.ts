// The books (docs/accounting.md): every member of staff reads the trial balance, the months and the journal export;
// finance closes a month and records capital paid in.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  capitalInputSchema,
  journalExportQuerySchema,
  periodCloseAnswerSchema,
  periodParamsSchema,
  periodsSchema,
  provisionsSchema,
  trialBalanceQuerySchema,
  trialBalanceSchema,
} from '../../../shared/schemas/books';
import { sendCsv } from '../../lib/csv-reply';
import type { Deps } from '../../lib/deps';
import { binaryResponse, errors } from '../../lib/route-schemas';
import { requireStaff, staffOnly } from '../../plugins/session';
import * as books from './books.service';
import { allowanceCsv, trialBalanceCsv } from './books-csv';
import * as provisions from './provisions.service';

const tags = ['books'];

export function bookRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/admin/books/trial-balance',
    {
      onRequest: staffOnly('read'),
      schema: {
        tags,
        operationId: 'getTrialBalance',
        summary:
          "The trial balance on a day: each account's balance on its side, from the last month closed by then and what was booked after it",
        querystring: trialBalanceQuerySchema,
        response: { 200: trialBalanceSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => books.trialBalance(deps, request.query),
  );

  r.get(
    '/api/admin/books/periods',
    {
      onRequest: staffOnly('read'),
      schema: {
        tags,
        operationId: 'listAccountingPeriods',
        summary:
          'The accounting months from the first booking to this one, newest first: closed (by whom, when) or open',
        response: { 200: periodsSchema, ...errors(401, 403) },
      },
    },
    async () => books.listPeriods(deps),
  );

  r.post(
    '/api/admin/books/periods/:period/close',
    {
      onRequest: staffOnly('finance'),
      schema: {
        tags,
        operationId: 'closeAccountingPeriod',
        summary:
          'Close a month that has ended (months close in order): its closing balances are kept and anything dated in it later is booked in the open month (audited)',
        params: periodParamsSchema,
        response: { 200: periodCloseAnswerSchema, ...errors(400, 401, 403, 409) },
      },
    },
    async (request) => books.closePeriod(deps, requireStaff(request, 'finance').user, request.params.period),
  );

  r.post(
    '/api/admin/books/capital',
    {
      onRequest: staffOnly('finance'),
      schema: {
        tags,
        operationId: 'recordCapital',
        summary: "Record capital paid in by the lender's funders: bank up, funding capital up (audited)",
        body: capitalInputSchema,
        response: { 201: periodCloseAnswerSchema, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await books.recordCapital(deps, requireStaff(request, 'finance').user, request.body)),
  );

  r.get(
    '/api/admin/books/journal.csv',
    {
      onRequest: staffOnly('read'),
      schema: {
        tags,
        operationId: 'downloadJournalExport',
        summary:
          "The journal lines booked from one day to another (at most a year) as a CSV file in Xero's or Sage Accounting's manual journal layout",
        querystring: journalExportQuerySchema,
        response: {
          200: binaryResponse('The journals (an attachment)', ['text/csv']),
          ...errors(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const file = await books.journalExport(deps, request.query);
      return sendCsv(reply, file.fileName, file.text);
    },
  );

  r.get(
    '/api/admin/books/provisions',
    {
      onRequest: staffOnly('read'),
      schema: {
        tags,
        operationId: 'getProvisions',
        summary:
          'The loss allowance (IFRS 9): the latest provisioning run by stage (loans, exposure, PD, LGD, expected credit loss), its movement since the run before, and the runs before it',
        response: { 200: provisionsSchema, ...errors(401, 403) },
      },
    },
    async () => provisions.provisionReport(deps),
  );

  r.post(
    '/api/admin/books/provisions',
    {
      onRequest: staffOnly('finance'),
      schema: {
        tags,
        operationId: 'runProvisions',
        summary:
          'Stage every loan on the books today, add up its expected credit loss and move the loss allowance to it with one journal (audited)',
        response: { 201: periodCloseAnswerSchema, ...errors(401, 403) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await provisions.runProvisions(deps, requireStaff(request, 'finance').user)),
  );

  r.get(
    '/api/admin/books/trial-balance.csv',
    {
      onRequest: staffOnly('read'),
      schema: {
        tags,
        operationId: 'downloadTrialBalanceCsv',
        summary:
          'The trial balance on a day as a CSV file: each account with its code, debit and credit, then the totals',
        querystring: trialBalanceQuerySchema,
        response: {
          200: binaryResponse('The trial balance (an attachment)', ['text/csv']),
          ...errors(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const tb = await books.trialBalance(deps, request.query);
      return sendCsv(reply, `vuka-trial-balance-${tb.asOf}.csv`, trialBalanceCsv(tb));
    },
  );

  r.get(
    '/api/admin/books/provisions.csv',
    {
      onRequest: staffOnly('read'),
      schema: {
        tags,
        operationId: 'downloadAllowanceCsv',
        summary:
          "The loss allowance report as a CSV file: the latest provisioning run by stage, its totals and the allowance's movement",
        response: {
          200: binaryResponse('The allowance report (an attachment)', ['text/csv']),
          ...errors(401, 403),
        },
      },
    },
    async (_request, reply) => {
      const report = await provisions.provisionReport(deps);
      return sendCsv(reply, `vuka-loss-allowance-${report.latest?.asOf ?? 'none'}.csv`, allowanceCsv(report));
    },
  );
}
