// The only reader of process.env. Parsed once with zod; everything else receives a typed Config.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Decimal from 'decimal.js';
import { z } from 'zod';

const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url().optional());
const optionalText = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());

/**
 * The National Credit Act settings that need a person (docs/compliance.md, "Settings a person must give"): the repo
 * rate of the day and when it took effect, the NCR registration number, the provider's legal name and address.
 * These stand in outside production (and for benches and tests that run the production configuration); production
 * refuses to start without its own.
 */
export const DEVELOPMENT_LEGAL_SETTINGS = {
  NCA_REPO_RATE: '6.75',
  NCA_REPO_RATE_EFFECTIVE: '2025-11-21',
  NCR_REGISTRATION_NUMBER: 'NCRCP00000',
  PROVIDER_LEGAL_NAME: 'Vuka Capital (Pty) Ltd',
  PROVIDER_ADDRESS: '1 Example Street, Braamfontein, Johannesburg, 2001',
} as const;

const LEGAL_SETTINGS_REQUIRED_IN_PRODUCTION = [
  'NCA_REPO_RATE',
  'NCA_REPO_RATE_EFFECTIVE',
  'NCR_REGISTRATION_NUMBER',
  'PROVIDER_ADDRESS',
] as const;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().default('0.0.0.0'),
  APP_URL: optionalUrl,
  DATABASE_URL: optionalText,
  DATABASE_PARALLEL_WORKERS: z.coerce.number().int().min(0).max(64).default(0),
  // Empty means unset (Number('') would be 0, below the range).
  DATABASE_RANDOM_PAGE_COST: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().min(1).max(10).default(1.1),
  ),
  DATA_DIR: z.string().default('./data'),
  CLIENT_DIR: z.string().default('dist/client'),
  SESSION_SECRET: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(32).optional()),
  SMTP_URL: optionalText,
  MAIL_FROM: z.string().default('Vuka Capital <no-reply@vukacapital.co.za>'),
  AI_BASE_URL: optionalUrl,
  AI_API_KEY: optionalText,
  AI_MODEL: optionalText,
  AI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(20_000),
  // A credit bureau's enquiry service for the affordability assessment (docs/compliance.md, "Affordability"); none
  // configured, no enquiry is made and the assessment says so.
  CREDIT_BUREAU_URL: optionalUrl,
  CREDIT_BUREAU_API_KEY: optionalText,
  // Who a consumer can turn to, named in a section 129 notice (docs/compliance.md, "Default and enforcement").
  NCA_DEBT_COUNSELLOR_CONTACT: z
    .string()
    .default('a debt counsellor registered with the National Credit Regulator: www.ncr.org.za, 0860 627 627'),
  NCA_ADR_AGENT_CONTACT: z
    .string()
    .default(
      'the Credit Ombud (an alternative dispute resolution agent): www.creditombud.org.za, 0861 662 837',
    ),
  NCA_CONSUMER_COURT_CONTACT: z
    .string()
    .default(
      'the consumer court of your province, through the National Consumer Commission: www.thencc.gov.za, 012 428 7000',
    ),
  NCA_OMBUD_CONTACT: z
    .string()
    .default('the Credit Ombud: www.creditombud.org.za, 0861 662 837, ombud@creditombud.org.za'),
  YOUTUBE_CLIENT_ID: optionalText,
  YOUTUBE_CLIENT_SECRET: optionalText,
  YOUTUBE_AUTH_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  YOUTUBE_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  YOUTUBE_API_URL: z.url().default('https://www.googleapis.com/youtube/v3'),
  // Earnings read from the platforms (docs/platform-earnings.md): the APIs' base URLs (local fakes in tests).
  YOUTUBE_ANALYTICS_URL: z.url().default('https://youtubeanalytics.googleapis.com/v2'),
  ADSENSE_API_URL: z.url().default('https://adsense.googleapis.com/v2'),
  PATREON_CLIENT_ID: optionalText,
  PATREON_CLIENT_SECRET: optionalText,
  PATREON_AUTH_URL: z.url().default('https://www.patreon.com/oauth2/authorize'),
  PATREON_TOKEN_URL: z.url().default('https://www.patreon.com/api/oauth2/token'),
  PATREON_API_URL: z.url().default('https://www.patreon.com/api/oauth2/v2'),
  // Dollars to rand: an Open Exchange Rates style service (GET /historical/YYYY-MM-DD.json?app_id=KEY). Without
  // one, dollar earnings wait as 'needs rate' rather than being converted at a guess.
  FX_API_URL: optionalUrl,
  FX_API_KEY: optionalText,
  // Approve payout-verified earnings (a payout the platform actually paid) without an admin: off unless 'true'.
  EARNINGS_AUTO_APPROVE_VERIFIED: z.enum(['true', 'false']).default('false'),
  PLATFORM_FEE_RATE: z.coerce.number().min(0).max(100).default(2.5),
  SETTLEMENT_BANK_NAME: z.string().trim().min(2).max(100).default('First National Bank'),
  SETTLEMENT_ACCOUNT_NAME: z.string().trim().min(2).max(100).default('Vuka Capital (Pty) Ltd'),
  SETTLEMENT_ACCOUNT_NUMBER: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^\d{6,16}$/, 'digits only, 6-16 of them')
      .optional(),
  ),
  SETTLEMENT_BRANCH_CODE: z
    .string()
    .regex(/^\d{6}$/, 'six digits')
    .default('250655'),
  // A settlement quote holds this many South African business days (docs/lending.md, "Business days").
  SETTLEMENT_QUOTE_BUSINESS_DAYS: z.coerce.number().int().min(1).max(20).default(5),
  // Arrears below this (rand and cents) are not overdue: no days past due, bucket or notice (docs/lending.md).
  ARREARS_TOLERANCE: z
    .string()
    .regex(/^\d{1,6}(\.\d{1,2})?$/, 'an amount in rand, like 10 or 10.00')
    .default('10.00'),
  // Debit orders (docs/debit-orders.md, "Re-presentment"): the unpaid reason codes tried again (funds problems), how many
  // business days after the failed action date, the most attempts of one collection, and the tracking days a mandate
  // lets the bank retry within.
  DEBIT_ORDER_REPRESENT_CODES: z
    .string()
    .regex(/^\s*(\d{2}\s*(,\s*\d{2}\s*)*)?$/, 'two-digit reason codes separated by commas, like 02,22')
    .default('02,22'),
  DEBIT_ORDER_REPRESENT_AFTER_BUSINESS_DAYS: z.coerce.number().int().min(1).max(30).default(5),
  DEBIT_ORDER_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(5).default(2),
  DEBIT_ORDER_TRACKING_DAYS: z.coerce.number().int().min(0).max(10).default(3),
  // The scheduled job builds the collection run of the business day this many business days ahead
  // (docs/debit-orders.md, "Built by itself"): time to download the file and submit it to the bank.
  DEBIT_ORDER_RUN_LEAD_BUSINESS_DAYS: z.coerce.number().int().min(1).max(10).default(2),
  DUAL_CONTROL_APPROVAL_ABOVE: z.coerce.number().int().min(0).max(1_000_000).default(30_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** auto: readable lines on a terminal, JSON lines otherwise (a log collector). */
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  // Sign-ups and the e-mail they (and every other e-mail-sending route) cause, per client address and in all,
  // per hour (lib/send-limits.ts, docs/operations.md "Limits").
  SIGNUPS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(20),
  SIGNUPS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(500),
  EMAILS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(60),
  EMAILS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(2_000),
  SEED_DEMO: z.enum(['auto', 'true', 'false']).default('auto'),
  // The repo rate (percent a year) and the day it took effect: the unsecured interest ceiling follows it.
  NCA_REPO_RATE: optionalText.pipe(
    z
      .string()
      .regex(/^\d{1,2}(\.\d{1,4})?$/, 'a rate in percent, like 6.75')
      .optional(),
  ),
  NCA_REPO_RATE_EFFECTIVE: optionalText.pipe(
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'a day, like 2025-11-21')
      .optional(),
  ),
  NCR_REGISTRATION_NUMBER: optionalText.pipe(
    z
      .string()
      .regex(/^NCRCP\d{1,6}$/, 'as the NCR issues it, like NCRCP12345')
      .optional(),
  ),
  PROVIDER_LEGAL_NAME: optionalText.pipe(z.string().trim().min(2).max(120).optional()),
  PROVIDER_ADDRESS: optionalText.pipe(z.string().trim().min(5).max(300).optional()),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  appUrl: string;
  database:
    | {
        driver: 'pg';
        url: string;
        /** PostgreSQL's max_parallel_workers_per_gather for the app's connections (decision 016). */
        parallelWorkers: number;
        /** PostgreSQL's random_page_cost for the app's connections (decision 016). */
        randomPageCost: number;
      }
    | { driver: 'pglite'; dataDir?: string };
  dataDir: string;
  /** The built client (index.html, assets/) served beside the API. */
  clientDir: string;
  sessionSecret: string;
  mail: { smtpUrl?: string; from: string };
  ai: { baseUrl?: string; apiKey?: string; model?: string; timeoutMs: number };
  youtube: {
    clientId?: string;
    clientSecret?: string;
    authUrl: string;
    tokenUrl: string;
    apiUrl: string;
    analyticsUrl: string;
    adsenseUrl: string;
  };
  patreon: { clientId?: string; clientSecret?: string; authUrl: string; tokenUrl: string; apiUrl: string };
  /** The exchange-rate service (dollars to rand); null when none is configured. */
  fx: { url: string; apiKey?: string } | null;
  /** Approve payout-verified earnings proposals automatically (EARNINGS_AUTO_APPROVE_VERIFIED). */
  earningsAutoApproveVerified: boolean;
  /** The credit bureau's enquiry service; null when none is configured (no enquiry is made). */
  creditBureau: { url: string; apiKey?: string } | null;
  platformFeeRate: number;
  /** Arrears below this amount are not overdue; copied onto each loan when it starts (docs/lending.md). */
  arrearsTolerance: string;
  /** Where creators pay an early settlement, and how long a quote holds. */
  settlement: {
    bankName: string;
    accountName: string;
    accountNumber: string;
    branchCode: string;
    /** How many South African business days a settlement quote holds. */
    quoteValidBusinessDays: number;
  };
  /** The debit-order re-presentment rule and the mandates' tracking days (docs/debit-orders.md). */
  debitOrders: DebitOrderRule;
  /** An application approved for more than this many rand needs a second person's approval (decision 028). */
  dualControlApprovalAbove: number;
  logLevel: string;
  /** Log lines for people (pino-pretty) instead of JSON: LOG_FORMAT=pretty, or auto on a terminal. */
  logPretty: boolean;
  /** Seed demo data on first start: only for the embedded database unless asked explicitly. */
  seedDemo: boolean;
  /** Background jobs (outbox delivery, default marking). Tests run them by hand. */
  runJobs: boolean;
  trustProxy: boolean;
  /** Hourly limits on sign-ups and on the routes that send e-mail (lib/send-limits.ts). */
  sendLimits: SendLimits;
  /** What the National Credit Act needs a person to give (docs/compliance.md). */
  legal: LegalSettings;
};

export type LegalSettings = {
  /** Percent a year, as text ("6.75"). */
  repoRate: string;
  /** The day the repo rate took effect (YYYY-MM-DD). */
  repoRateEffective: string;
  ncrRegistrationNumber: string;
  providerLegalName: string;
  providerAddress: string;
  /** Who a consumer can turn to, as a section 129 notice names them (s129(1)(a)). */
  recourse: { debtCounsellor: string; adrAgent: string; consumerCourt: string; ombud: string };
};

/** What happens after a failed collection (docs/debit-orders.md, "Re-presentment"). */
export type DebitOrderRule = {
  /** Unpaid reason codes tried again; every other code suspends the mandate. */
  representCodes: string[];
  representAfterBusinessDays: number;
  /** The most attempts of one collection (the first included). */
  maxAttempts: number;
  /** The days a mandate lets the bank retry a collection within (DebiCheck tracking). */
  trackingDays: number;
  /** How many business days ahead the scheduled job builds the collection run. */
  runLeadBusinessDays: number;
};

export type SendLimits = {
  signupsPerAddress: number;
  signups: number;
  emailsPerAddress: number;
  emails: number;
};

export class ConfigError extends Error {}

/** A secret kept in DATA_DIR so sessions survive restarts in development without any setup. */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  if (e.NODE_ENV === 'production' && !e.SESSION_SECRET) {
    throw new ConfigError('SESSION_SECRET (at least 32 characters) is required in production.');
  }
  // A creator pays a settlement into this account: production must name the real one, never a placeholder.
  if (e.NODE_ENV === 'production' && !e.SETTLEMENT_ACCOUNT_NUMBER) {
    throw new ConfigError(
      'SETTLEMENT_ACCOUNT_NUMBER (the account creators pay settlements into) is required in production.',
    );
  }
  if (e.NODE_ENV === 'production') {
    const missing = LEGAL_SETTINGS_REQUIRED_IN_PRODUCTION.filter((name) => !e[name]);
    if (missing.length > 0) {
      throw new ConfigError(
        `${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} required in production (the National Credit Act: docs/compliance.md).`,
      );
    }
  }
  const sessionSecret = e.SESSION_SECRET ?? loadOrCreateSecret(dataDir);
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    appUrl,
    database: e.DATABASE_URL
      ? {
          driver: 'pg',
          url: e.DATABASE_URL,
          parallelWorkers: e.DATABASE_PARALLEL_WORKERS,
          randomPageCost: e.DATABASE_RANDOM_PAGE_COST,
        }
      : { driver: 'pglite', dataDir },
    dataDir,
    clientDir: path.resolve(e.CLIENT_DIR),
    sessionSecret,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    ai: { baseUrl: e.AI_BASE_URL, apiKey: e.AI_API_KEY, model: e.AI_MODEL, timeoutMs: e.AI_TIMEOUT_MS },
    youtube: {
      clientId: e.YOUTUBE_CLIENT_ID,
      clientSecret: e.YOUTUBE_CLIENT_SECRET,
      authUrl: e.YOUTUBE_AUTH_URL,
      tokenUrl: e.YOUTUBE_TOKEN_URL,
      apiUrl: e.YOUTUBE_API_URL,
      analyticsUrl: e.YOUTUBE_ANALYTICS_URL.replace(/\/$/, ''),
      adsenseUrl: e.ADSENSE_API_URL.replace(/\/$/, ''),
    },
    patreon: {
      clientId: e.PATREON_CLIENT_ID,
      clientSecret: e.PATREON_CLIENT_SECRET,
      authUrl: e.PATREON_AUTH_URL,
      tokenUrl: e.PATREON_TOKEN_URL,
      apiUrl: e.PATREON_API_URL.replace(/\/$/, ''),
    },
    fx: e.FX_API_URL ? { url: e.FX_API_URL.replace(/\/$/, ''), apiKey: e.FX_API_KEY } : null,
    earningsAutoApproveVerified: e.EARNINGS_AUTO_APPROVE_VERIFIED === 'true',
    creditBureau: e.CREDIT_BUREAU_URL ? { url: e.CREDIT_BUREAU_URL, apiKey: e.CREDIT_BUREAU_API_KEY } : null,
    platformFeeRate: e.PLATFORM_FEE_RATE,
    arrearsTolerance: new Decimal(e.ARREARS_TOLERANCE).toFixed(2),
    dualControlApprovalAbove: e.DUAL_CONTROL_APPROVAL_ABOVE,
    settlement: {
      bankName: e.SETTLEMENT_BANK_NAME,
      accountName: e.SETTLEMENT_ACCOUNT_NAME,
      // Development and demo only (production refuses to start without the real number above).
      accountNumber: e.SETTLEMENT_ACCOUNT_NUMBER ?? '0000000000',
      branchCode: e.SETTLEMENT_BRANCH_CODE,
      quoteValidBusinessDays: e.SETTLEMENT_QUOTE_BUSINESS_DAYS,
    },
    debitOrders: {
      representCodes: e.DEBIT_ORDER_REPRESENT_CODES.split(',')
        .map((c) => c.trim())
        .filter(Boolean),
      representAfterBusinessDays: e.DEBIT_ORDER_REPRESENT_AFTER_BUSINESS_DAYS,
      maxAttempts: e.DEBIT_ORDER_MAX_ATTEMPTS,
      trackingDays: e.DEBIT_ORDER_TRACKING_DAYS,
      runLeadBusinessDays: e.DEBIT_ORDER_RUN_LEAD_BUSINESS_DAYS,
    },
    logLevel: e.LOG_LEVEL,
    logPretty: e.LOG_FORMAT === 'pretty' || (e.LOG_FORMAT === 'auto' && process.stdout.isTTY === true),
    seedDemo:
      e.SEED_DEMO === 'true' || (e.SEED_DEMO === 'auto' && !e.DATABASE_URL && e.NODE_ENV !== 'production'),
    runJobs: true,
    trustProxy: e.TRUST_PROXY === 'true',
    sendLimits: {
      signupsPerAddress: e.SIGNUPS_PER_ADDRESS_PER_HOUR,
      signups: e.SIGNUPS_PER_HOUR,
      emailsPerAddress: e.EMAILS_PER_ADDRESS_PER_HOUR,
      emails: e.EMAILS_PER_HOUR,
    },
    legal: {
      repoRate: e.NCA_REPO_RATE ?? DEVELOPMENT_LEGAL_SETTINGS.NCA_REPO_RATE,
      repoRateEffective: e.NCA_REPO_RATE_EFFECTIVE ?? DEVELOPMENT_LEGAL_SETTINGS.NCA_REPO_RATE_EFFECTIVE,
      ncrRegistrationNumber: e.NCR_REGISTRATION_NUMBER ?? DEVELOPMENT_LEGAL_SETTINGS.NCR_REGISTRATION_NUMBER,
      providerLegalName: e.PROVIDER_LEGAL_NAME ?? DEVELOPMENT_LEGAL_SETTINGS.PROVIDER_LEGAL_NAME,
      providerAddress: e.PROVIDER_ADDRESS ?? DEVELOPMENT_LEGAL_SETTINGS.PROVIDER_ADDRESS,
      recourse: {
        debtCounsellor: e.NCA_DEBT_COUNSELLOR_CONTACT,
        adrAgent: e.NCA_ADR_AGENT_CONTACT,
        consumerCourt: e.NCA_CONSUMER_COURT_CONTACT,
        ombud: e.NCA_OMBUD_CONTACT,
      },
    },
  };
}
