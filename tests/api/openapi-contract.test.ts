// the OpenAPI document (/api/docs/json) is a contract. It passes `redocly lint` with the
// recommended rules with no error and no warning (offline: no telemetry, no remote config), and every operation
// describes its answer (a 2xx with a schema, or a file's content types) and at least one 4xx with the error body.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

type Response = { content?: Record<string, { schema?: Record<string, unknown> }> };
type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: unknown[];
  responses?: Record<string, Response>;
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  tags?: Array<{ name: string }>;
  security?: unknown[];
};

/** Answers that are files, not JSON: described by their content types. */
const BINARY_OPERATIONS = new Set([
  'downloadAgedArrearsCsv',
  'downloadRollRatesCsv',
  'downloadVintageCurvesCsv',
  'downloadTrialBalanceCsv',
  'downloadAllowanceCsv',
  'downloadJournalExport',
  'downloadProofFile',
  'exportMyData',
  'downloadStatementPdf',
  'downloadBureauSubmission',
  'downloadQuotePdf',
  'downloadAgreementPdf',
  'downloadFormThirtyNineCsv',
  'downloadDebitOrderRunFile',
]);
/** Operations open without a session (`security: []`). */
const PUBLIC_OPERATIONS = [
  'register',
  'verifyEmail',
  'resendVerification',
  'login',
  'requestPasswordReset',
  'resetPassword',
];

let t: TestApp;
let doc: Document;
let file: string;
const operations: Array<{ where: string; op: Operation }> = [];

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
  file = path.join(mkdtempSync(path.join(tmpdir(), 'vuka-openapi-')), 'openapi.json');
  writeFileSync(file, JSON.stringify(doc, null, 2));
  for (const [route, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) operations.push({ where: `${method} ${route}`, op });
  }
});
afterAll(async () => {
  await t?.close();
});

describe('the OpenAPI document', () => {
  it('passes redocly lint (recommended rules) with no error and no warning', { timeout: 120_000 }, () => {
    const cli = path.resolve('node_modules/@redocly/cli/bin/cli.js');
    const run = spawnSync(process.execPath, [cli, 'lint', '--extends=recommended', '--format=json', file], {
      encoding: 'utf8',
      cwd: path.dirname(file),
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', CI: 'true' },
      timeout: 110_000,
    });
    // stdout is the report; stderr may carry the CLI's own notices (e.g. its Node.js support banner).
    const report = JSON.parse(run.stdout) as {
      totals: { errors: number; warnings: number };
      problems: Array<{ ruleId: string; message: string; location?: Array<{ pointer?: string }> }>;
    };
    const problems = report.problems.map((p) => `${p.ruleId}: ${p.message} at ${p.location?.[0]?.pointer}`);
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    expect(run.status, run.stderr).toBe(0);
  });

  it('has the operations, each with a unique operationId, a summary and a declared tag', () => {
    expect(operations.length).toBeGreaterThan(50);
    const declared = new Set((doc.tags ?? []).map((tag) => tag.name));
    const ids = operations.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { where, op } of operations) {
      expect(op.operationId, where).toMatch(/^[a-zA-Z]+$/);
      expect(op.summary, where).toBeTruthy();
      expect(op.tags?.length, where).toBeGreaterThan(0);
      for (const tag of op.tags ?? []) expect(declared.has(tag), `${where}: tag ${tag}`).toBe(true);
    }
  });

  it('describes a 2xx body and at least one 4xx error body for every operation', () => {
    for (const { where, op } of operations) {
      const responses = Object.entries(op.responses ?? {});
      const success = responses.filter(([code]) => /^2\d\d$/.test(code));
      expect(success.length, `${where}: a 2xx`).toBeGreaterThan(0);
      for (const [code, response] of success) {
        const content = Object.entries(response.content ?? {});
        expect(content.length, `${where} ${code}: content`).toBeGreaterThan(0);
        for (const [type, media] of content) {
          if (!BINARY_OPERATIONS.has(op.operationId ?? ''))
            expect(type, `${where} ${code}`).toBe('application/json');
          expect(media.schema, `${where} ${code} ${type}: schema`).toBeTruthy();
        }
      }
      const refusals = responses.filter(([code]) => /^4\d\d$/.test(code));
      expect(refusals.length, `${where}: a 4xx`).toBeGreaterThan(0);
      for (const [code, response] of refusals) {
        const schema = response.content?.['application/json']?.schema as
          | { properties?: Record<string, unknown>; required?: string[] }
          | undefined;
        expect(schema?.required, `${where} ${code}: the error body`).toContain('message');
      }
    }
  });

  it('applies the session cookie everywhere except on the public routes', () => {
    expect(doc.security).toEqual([{ session: [] }]);
    for (const { where, op } of operations) {
      if (PUBLIC_OPERATIONS.includes(op.operationId ?? '')) expect(op.security, where).toEqual([]);
      else expect(op.security === undefined || op.security.length > 0, where).toBe(true);
    }
  });
});
