// buildApp(config): the whole server without listen(). Plugins first (errors, security, session, docs),
// then the features, then the SPA fallback. Tests call it with an in-memory database and inject().
import { randomUUID } from 'node:crypto';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import pino, { type DestinationStream } from 'pino';
import { STATEMENT_FILE_MAX_BYTES } from '../shared/bank-statements/constants';
import { PROOF_FILE_MAX_BYTES } from '../shared/constants';
import type { Config } from './config';
import { type DatabaseHandle, openDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { devAdminRoutes } from './features/admin/admin.dev-routes';
import { adminApplicationRoutes } from './features/admin/admin-applications.routes';
import { adminLoanRoutes } from './features/admin/admin-loans.routes';
import { adminUserRoutes } from './features/admin/admin-users.routes';
import { approvalRoutes } from './features/admin/approvals.routes';
import { purgeExpiredAnswers } from './features/admin/idempotency';
import { platformManagementRoutes } from './features/admin/platform-management.routes';
import { proofFileRoutes } from './features/admin/proof-files.routes';
import { aiRoutes } from './features/ai/ai.routes';
import { applicationRoutes } from './features/applications/applications.routes';
import { auditRoutes } from './features/audit/audit.routes';
import { pruneLoginAttempts } from './features/auth/auth.repository';
import { authRoutes } from './features/auth/auth.routes';
import { bankStatementRoutes } from './features/bank-statements/bank-statements.routes';
import { collectionRoutes } from './features/collections/collections.routes';
import { makeBureauSubmission } from './features/compliance/bureau.service';
import { complianceRoutes } from './features/compliance/compliance.routes';
import { dashboardRoutes } from './features/dashboard/dashboard.routes';
import { debitOrderRoutes, RESULT_FILE_MAX_BYTES } from './features/debit-orders/debit-orders.routes';
import { buildScheduledRun } from './features/debit-orders/runs.service';
import { devEarningsRoutes } from './features/earnings/earnings.dev-routes';
import { earningsRoutes } from './features/earnings/earnings.routes';
import { readPlatformEarnings } from './features/earnings/earnings-job.service';
import { emailChangeRoutes } from './features/email-change/email-change.routes';
import { insightsRoutes } from './features/insights/insights.routes';
import { bookRoutes } from './features/ledger/books.routes';
import { lendingRoutes } from './features/lending/lending.routes';
import { reviewLoans } from './features/loans/application-lifecycle.service';
import { drawAttachment } from './features/loans/credit-documents.service';
import { accrueIncome } from './features/loans/income-accrual.service';
import { devMailboxRoutes } from './features/mail/mail.routes';
import {
  type AttachmentDrawer,
  createMailTransport,
  deliverDueMail,
  type MailTransport,
} from './features/mail/mail.service';
import { mfaRoutes } from './features/mfa/mfa.routes';
import { noticeRoutes } from './features/notices/notices.routes';
import { sendDueNotices } from './features/notices/notices.service';
import { platformRoutes } from './features/platforms/platforms.routes';
import { privacyRoutes } from './features/privacy/privacy.routes';
import { cleanUpAfterErasures } from './features/privacy/privacy.service';
import { QUEST_CATALOG } from './features/quests/catalog';
import { questRoutes } from './features/quests/quests.routes';
import { syncQuestCatalog } from './features/quests/quests.sync';
import { reportRoutes } from './features/reports/reports.routes';
import { refreshVintagesDaily } from './features/reports/vintages.service';
import { devServicingRoutes } from './features/servicing/servicing.dev-routes';
import { backfillInstalments } from './features/servicing/servicing.service';
import { purgeExpiredSessions } from './features/sessions/sessions.service';
import { userRoutes } from './features/users/users.routes';
import { type Job, startJobs } from './jobs/scheduler';
import { type Clock, systemClock } from './lib/clock';
import { apiCacheHeaders } from './lib/conditional-get';
import type { Deps } from './lib/deps';
import { configSecrets, createErrorSerializer, REDACT_PATHS, redactQuerySecrets } from './lib/log-safety';
import { setProviderIdentity } from './lib/provider-identity';
import { pruneRateEvents } from './lib/rate-limits';
import { registerErrorHandler } from './plugins/error-handler';
import { registerInputGuard } from './plugins/input-guard';
import { registerOpenApi } from './plugins/openapi';
import { registerSecurity } from './plugins/security';
import { registerSession } from './plugins/session';
import { registerStaticSpa } from './plugins/static-spa';

export type AppContext = {
  config: Config;
  database: DatabaseHandle;
  mail: MailTransport;
  /** The one source of "now" for servicing, jobs and seeds. */
  clock: Clock;
  /** Runs every periodic job once, now (tests and the CLI use it instead of waiting for timers). */
  runJobsOnce: () => Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export type BuildOptions = {
  /** An open database to use (tests); otherwise one is opened from config and closed with the app. */
  database?: DatabaseHandle;
  logger?: boolean;
  /** Where "now" comes from; the system clock unless a test travels in time. */
  clock?: Clock;
  /** What ages sign-ins (lib/deps.ts): the app's clock unless given. */
  sessionClock?: Clock;
  /** Where log lines go (stdout unless given; the poll bench sends them to /dev/null). */
  logStream?: DestinationStream;
};

/** A read that took longer than this is logged at info, however it ended. */
const SLOW_REQUEST_MS = 500;

/**
 * One log line per request, at debug for reads that succeed quickly (the dashboard polls every second),
 * at info for everything else (writes, 4xx, slow reads) with the request named on the line itself.
 * Errors keep Fastify's own lines.
 */
class RequestLog extends LogController {
  override incomingRequest(request: FastifyRequest) {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) return super.requestCompleted(error, request, reply);
    const quiet =
      (request.method === 'GET' || request.method === 'HEAD') &&
      reply.statusCode < 400 &&
      reply.elapsedTime < SLOW_REQUEST_MS;
    if (quiet) return reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
    reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/**
 * The logger's options (decision 018): request lines name the method, the URL without secret query values and
 * the address; errors leave through the allowlist serializer; secret-named fields are redacted wherever they
 * appear. Exported so the jobs and tests log exactly as the server does.
 */
export function loggerOptions(config: Config, stream?: DestinationStream) {
  const err = createErrorSerializer(configSecrets(config));
  // On a terminal the same lines are printed for people (pino-pretty in a worker thread); the serializers and
  // redaction run before, so nothing more reaches a pretty line than a JSON one.
  const pretty =
    !stream && config.logPretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId', singleLine: true },
          },
        }
      : {};
  return {
    level: config.logLevel,
    ...(stream ? { stream } : {}),
    ...pretty,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: redactQuerySecrets(req.url),
        remoteAddress: req.ip,
      }),
      err,
      error: err,
    },
  };
}

const { chindingsSym } = pino.symbols;

/**
 * Each request's logger: pino's child with the request id bound. pino passes a child's bindings through the
 * redaction (a wildcard path makes it walk every binding), which was about 7% of the CPU of a 304 poll
 *. The id is either a UUID or an incoming X-Request-Id checked against /^[\w-]{8,64}$/: no field
 * to redact and nothing to escape, so it is bound as pino would write it. Anything else (route log options,
 * other bindings) goes through pino's own child().
 */
const requestLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) => {
  const keys = Object.keys(bindings);
  const id = (bindings as { reqId?: unknown }).reqId;
  if (keys.length !== 1 || typeof id !== 'string' || Object.keys(options).length > 0) {
    return logger.child(bindings, options);
  }
  const child = logger.child({});
  (child as unknown as Record<symbol, string>)[chindingsSym] += `,"reqId":${JSON.stringify(id)}`;
  return child;
};

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  // Who lends, on every e-mail and document (docs/compliance.md): fixed for the life of the process.
  setProviderIdentity(config.legal);
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config, options.logStream),
    logController: new RequestLog(),
    bodyLimit: 100 * 1024,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    // Only behind a known load balancer may X-Forwarded-For name the client (it feeds the sign-in limits).
    trustProxy: config.trustProxy,
    childLoggerFactory: requestLogger,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // One callback hook for every answer's own headers, not async: no promise per answer (the one-second poll,
  // the poll). API answers are not stored, except versioned ones (lib/conditional-get.ts).
  app.addHook('onSend', (request, reply, _payload, done) => {
    reply.header('x-request-id', request.id);
    if (request.url.startsWith('/api/')) apiCacheHeaders(request, reply);
    done();
  });

  const ownsDatabase = !options.database;
  const database =
    options.database ??
    (await openDatabase(
      config.database.driver === 'pg'
        ? {
            ...config.database,
            onConnectionError: (error) =>
              app.log.warn({ reason: error.message }, 'database connection lost; the pool opens a new one'),
          }
        : config.database,
    ));
  app.addHook('onClose', async () => {
    if (ownsDatabase) await database.close();
  });
  await runMigrations(database);
  const db = database.db;
  const clock = options.clock ?? systemClock;
  const sessionClock = options.sessionClock ?? clock;
  await syncQuestCatalog(db, QUEST_CATALOG);
  // Schedules written before instalments existed get them once (docs/lending.md, "Upgrading").
  const upgraded = await backfillInstalments(db, clock);
  if (upgraded > 0) app.log.info({ schedules: upgraded }, 'instalments written for existing schedules');

  const mail = createMailTransport(config, app.log);
  // A document a message names is drawn as it leaves, dated by the clock (docs/compliance.md).
  const drawDocument: AttachmentDrawer = (tx, ref) => drawAttachment(tx, ref, clock.now());
  const jobs: Job[] = [
    {
      name: 'mail-outbox',
      lockId: 7_320_001,
      everyMs: 2_000,
      run: () => deliverDueMail(db, mail, app.log, clock.now(), drawDocument).then(() => {}),
    },
    {
      name: 'purge-sessions',
      lockId: 7_320_002,
      everyMs: 60 * 60 * 1000,
      run: async () => {
        await purgeExpiredSessions(db, sessionClock.now());
        const dayAgo = new Date(clock.now().getTime() - 24 * 60 * 60 * 1000);
        await pruneLoginAttempts(db, dayAgo);
        await pruneRateEvents(db, dayAgo);
        await purgeExpiredAnswers(db, clock.now());
        // After erasures (docs/privacy.md): proof files on disk, and delivered mail to erased accounts.
        await cleanUpAfterErasures({ db, config });
      },
    },
  ];
  jobs.push({
    // Defaults, cures and renegotiation eligibility (docs/lending.md). Hourly, so a loan crosses a
    // day boundary within the hour; each run is idempotent.
    name: 'review-loans',
    lockId: 7_320_003,
    everyMs: 60 * 60 * 1000,
    run: () => reviewLoans(db, clock).then(() => {}),
  });
  jobs.push({
    // Payment reminders and overdue notices (docs/notices.md): sent only in the Johannesburg morning and day
    // (08:00 to 18:00), each notice once by its key, so a run every 15 minutes catches up a missed morning.
    name: 'due-notices',
    lockId: 7_320_132,
    everyMs: 15 * 60 * 1000,
    run: () => sendDueNotices(db, clock, config).then(() => {}),
  });
  jobs.push({
    // Last month's credit bureau file (docs/compliance.md, "Credit bureau"), once it has ended: one per month.
    name: 'bureau-submission',
    lockId: 7_320_133,
    everyMs: 60 * 60 * 1000,
    run: () => makeBureauSubmission(db, config, clock).then(() => {}),
  });
  jobs.push({
    // Last month's earnings read from the creators' platforms and proposed for review (docs/platform-earnings.md):
    // hourly, so a failed platform or a missing rate is tried again soon and an estimate becomes payout-verified
    // once the payout is paid; one proposal per loan and month whatever the number of runs.
    name: 'platform-earnings',
    lockId: 7_320_134,
    everyMs: 60 * 60 * 1000,
    run: () => readPlatformEarnings({ db, config, clock, sessionClock }, app.log).then(() => {}),
  });
  jobs.push({
    // The debit-order collection run of the business day DEBIT_ORDER_RUN_LEAD_BUSINESS_DAYS ahead
    // (docs/debit-orders.md, "Built by itself"): hourly, one run per date, none for a date with nothing to collect.
    name: 'debit-order-run',
    lockId: 7_320_135,
    everyMs: 60 * 60 * 1000,
    run: () => buildScheduledRun({ db, config, clock, sessionClock }).then(() => {}),
  });
  jobs.push({
    // Income by the effective interest method (docs/accounting.md, "Income"): each loan being repaid earns its finance
    // charge day by day. Hourly and idempotent, so the day's income is booked within the hour of a new day.
    name: 'income-accrual',
    lockId: 7_320_137,
    everyMs: 60 * 60 * 1000,
    run: () => accrueIncome({ db, clock }).then(() => {}),
  });
  jobs.push({
    // The vintage curves as at today (docs/accounting.md, "Vintage curves"): hourly, computed once a day, so the
    // Reports tab reads them in milliseconds and says when they were computed.
    name: 'vintage-curves',
    lockId: 7_320_136,
    everyMs: 60 * 60 * 1000,
    run: () => refreshVintagesDaily({ db, clock }).then(() => {}),
  });
  app.decorate('ctx', {
    config,
    database,
    mail,
    clock,
    runJobsOnce: async () => {
      for (const job of jobs) await job.run();
    },
  } satisfies AppContext);

  registerErrorHandler(app);
  await registerSecurity(app, config);
  registerInputGuard(app);
  await registerSession(app, config, db, sessionClock);
  await registerOpenApi(app, config);
  // JSON answers over 1 KB leave compressed (br, else gzip). Only API routes: the static plugin serves its
  // own precompressed files, and the plugin never re-encodes an answer that already has Content-Encoding.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) route.compress = false;
  });
  // No compressed request bodies are accepted, so no request runs the decompression hook. Brotli at quality 1:
  // these answers are made per request, and on the creator's poll quality 4 (the plugin's default) cost about
  // 95 µs of CPU against 38 µs for an answer 15% larger (3.5 KB of JSON: 801 against 917 bytes).
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1 } },
  });

  const deps: Deps = { db, config, clock, sessionClock };
  app.get('/api/health', { schema: { hide: true } }, async () => ({ ok: true }));
  authRoutes(app, deps);
  mfaRoutes(app, deps);
  userRoutes(app, deps);
  emailChangeRoutes(app, deps);
  noticeRoutes(app, deps);
  applicationRoutes(app, deps);
  // Uploads (the proof of earnings) are the platform routes' own: the multipart plugin adds an async hook to
  // every request and to every answer of its scope (for files saved to disk), which the other routes do not
  // need (5 to 10% of the CPU of a 304 poll). Elsewhere a multipart body gets 415.
  await app.register(async (uploads) => {
    await uploads.register(multipart, { limits: { fileSize: PROOF_FILE_MAX_BYTES, files: 1, fields: 10 } });
    platformRoutes(uploads, deps);
  });
  // The debit-order result upload is its routes' own multipart scope, for the same reason.
  await app.register(async (debitOrders) => {
    await debitOrders.register(multipart, {
      limits: { fileSize: RESULT_FILE_MAX_BYTES, files: 1, fields: 10 },
    });
    debitOrderRoutes(debitOrders, deps);
  });
  // Bank statements are uploaded the same way, in their own scope with their own file limit.
  await app.register(async (statements) => {
    await statements.register(multipart, {
      limits: { fileSize: STATEMENT_FILE_MAX_BYTES, files: 1, fields: 5 },
    });
    bankStatementRoutes(statements, deps);
  });
  privacyRoutes(app, deps);
  adminApplicationRoutes(app, deps);
  proofFileRoutes(app, deps);
  adminLoanRoutes(app, deps);
  approvalRoutes(app, deps);
  collectionRoutes(app, deps);
  adminUserRoutes(app, deps);
  platformManagementRoutes(app, deps);
  lendingRoutes(app, deps);
  questRoutes(app, deps);
  dashboardRoutes(app, deps);
  complianceRoutes(app, deps);
  earningsRoutes(app, deps);
  reportRoutes(app, deps);
  bookRoutes(app, deps);
  auditRoutes(app, deps);
  aiRoutes(app, deps);
  insightsRoutes(app, deps);
  if (config.env !== 'production') {
    devMailboxRoutes(app, deps, drawDocument);
    devServicingRoutes(app, deps);
    devEarningsRoutes(app, deps);
    devAdminRoutes(app, deps);
  }

  await registerStaticSpa(app, config.clientDir);

  if (config.runJobs) {
    const stopJobs = startJobs(database, jobs, app.log);
    app.addHook('onClose', async () => {
      await stopJobs();
      mail.close();
    });
  } else {
    app.addHook('onClose', async () => mail.close());
  }
  return app;
}
