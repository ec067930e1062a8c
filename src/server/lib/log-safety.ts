// What may reach a log line (decision 018). Secrets never do: passwords and their hashes, session and reset
// tokens, codes, API keys, full bank account numbers. Three layers keep them out:
// - errors are serialised from an allowlist of fields. A failed query's parameters (drizzle puts them in its
//   message, PGlite and node-postgres on the error) and PostgreSQL's `detail` ("Failing row contains (...)",
//   the whole row) and `where` (a parameter's value) never leave; what a query's parameters or the server's
//   configured secrets would add to a message or stack is masked;
// - request lines carry the method, the URL with secret query values masked, and the address, never headers
//   or bodies;
// - pino's redact removes secret-named fields wherever a log call passes an object that has them.
import type { Config } from '../config';

export const REDACTED = '[redacted]';

/** Field names whose values are secrets, whatever object they appear in. */
export const SECRET_FIELD_NAMES = [
  'password',
  'newPassword',
  'currentPassword',
  'confirmPassword',
  'passwordHash',
  'password_hash',
  'token',
  'tokenHash',
  'token_hash',
  'sessionToken',
  'resetToken',
  'accessToken',
  'access_token',
  'refreshToken',
  'refresh_token',
  'codeHash',
  'code_hash',
  'recoveryCode',
  'recoveryCodes',
  'mfaCode',
  'totp',
  'secret',
  'mfaSecret',
  'mfa_secret',
  'clientSecret',
  'sessionSecret',
  'apiKey',
  'api_key',
  'accountNumber',
  'account_number',
  'bankAccountNumber',
  'authorization',
  'cookie',
  'set-cookie',
] as const;

/**
 * `code` is a secret in a request (a verification or OAuth code) but an error's code ('23505') is what a log
 * reader needs, so it is redacted only inside the objects that carry request input.
 */
const INPUT_CONTAINERS = ['body', 'query', 'params', 'input', 'payload', 'data'] as const;

const child = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? `.${name}` : `["${name}"]`);

/**
 * pino `redact` paths: the headers that carry credentials on the request and reply lines, every secret field
 * name at the top of a logged object or up to two levels down (`{ body: { password } }`,
 * `{ input: { user: { accountNumber } } }`), and `code` inside request input.
 */
export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  ...SECRET_FIELD_NAMES.flatMap((name) => {
    const path = child(name);
    return [path.startsWith('.') ? name : path, `*${path}`, `*.*${path}`];
  }),
  ...INPUT_CONTAINERS.flatMap((container) => [`${container}.code`, `*.${container}.code`]),
];

/** Query-string values that are credentials (reset links, OAuth codes and state, keys) leave as [redacted]. */
const SECRET_QUERY =
  /([?&](?:token|code|state|key|secret|password|api_?key|access_token|refresh_token)=)[^&#]*/gi;
export const redactQuerySecrets = (url: string) => url.replace(SECRET_QUERY, `$1${REDACTED}`);

/** Fields copied from an error: what says what failed and where, never the values involved. */
const SAFE_STRING_FIELDS = [
  'code',
  'severity',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'routine',
] as const;
const SAFE_NUMBER_FIELDS = ['statusCode', 'responseCode'] as const;
const MAX_CAUSE_DEPTH = 4;
/** Values shorter than this are not masked inside messages: '1' would mangle 'varchar(100)', and says nothing. */
const MIN_MASKED_LENGTH = 3;

export type SerializedError = {
  type: string;
  message: string;
  /** Empty when the error has none (a thrown string, a plain object). */
  stack: string;
  cause?: SerializedError;
  [field: string]: unknown;
};

/** The strings a query's parameters hold, from every error in the chain (drizzle, PGlite). */
function parameterValues(error: unknown): string[] {
  const values: string[] = [];
  const seen = new Set<unknown>();
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth <= MAX_CAUSE_DEPTH; depth++) {
    if (seen.has(current)) break;
    seen.add(current);
    const params = (current as { params?: unknown }).params;
    if (Array.isArray(params)) {
      for (const param of params) collectStrings(param, values, 0);
    }
    current = (current as { cause?: unknown }).cause;
  }
  return values;
}

function collectStrings(value: unknown, into: string[], depth: number) {
  if (value === null || value === undefined || depth > 3) return;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') {
    into.push(String(value));
    return;
  }
  if (value instanceof Date) return;
  if (typeof value === 'object') {
    if (Buffer.isBuffer(value)) return;
    for (const inner of Object.values(value as Record<string, unknown>))
      collectStrings(inner, into, depth + 1);
    // A jsonb parameter reaches PostgreSQL as its JSON text: mask that form too.
    try {
      into.push(JSON.stringify(value));
    } catch {
      // circular: its parts are masked already
    }
  }
}

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Replaces every occurrence of the given values (longest first) with [redacted]. */
export function maskValues(text: string, values: readonly string[]): string {
  const masked = [...new Set(values.filter((v) => v.length >= MIN_MASKED_LENGTH))].sort(
    (a, b) => b.length - a.length,
  );
  if (masked.length === 0) return text;
  return text.replace(new RegExp(masked.map(escapeRegExp).join('|'), 'g'), REDACTED);
}

/** drizzle's "Failed query: <sql>\nparams: <values>": the statement names where, the values are never kept. */
function safeMessage(error: Error): string {
  const message = typeof error.message === 'string' ? error.message : String(error.message);
  if (message.startsWith('Failed query:')) return 'Failed query (statement and parameters not logged)';
  return message;
}

/** The configured secrets (and the password inside the database and SMTP URLs), masked wherever they appear. */
export function configSecrets(
  config: Pick<Config, 'sessionSecret' | 'mail' | 'ai' | 'youtube' | 'database'>,
) {
  const passwordOf = (url: string | undefined) => {
    if (!url) return undefined;
    try {
      return decodeURIComponent(new URL(url).password) || undefined;
    } catch {
      return undefined;
    }
  };
  return [
    config.sessionSecret,
    config.ai.apiKey,
    config.youtube.clientSecret,
    passwordOf(config.mail.smtpUrl),
    config.database.driver === 'pg' ? passwordOf(config.database.url) : undefined,
  ].filter((s): s is string => typeof s === 'string' && s.length >= MIN_MASKED_LENGTH);
}

/**
 * pino's `err` serializer: type, message, stack, code and the PostgreSQL fields that name the table, column
 * and constraint, and the cause chain; parameters, `detail`, `where`, `query` and anything else never.
 */
export function createErrorSerializer(secrets: readonly string[] = []) {
  const serialize = (error: unknown, masks: readonly string[], depth: number): SerializedError => {
    if (!(error instanceof Error)) {
      const text = typeof error === 'string' ? error : safeStringify(error);
      return { type: typeof error, message: maskValues(text, masks), stack: '' };
    }
    const raw = typeof error.message === 'string' ? error.message : '';
    const message = maskValues(safeMessage(error), masks);
    const stack = typeof error.stack === 'string' ? error.stack : '';
    const out: SerializedError = {
      type: error.constructor?.name || error.name || 'Error',
      message,
      stack: maskValues(raw && stack.includes(raw) ? stack.replace(raw, message) : stack, masks),
    };
    const fields = error as unknown as Record<string, unknown>;
    for (const field of SAFE_STRING_FIELDS) {
      const value = fields[field];
      if (typeof value === 'string' && value.length <= 200) out[field] = maskValues(value, masks);
    }
    for (const field of SAFE_NUMBER_FIELDS) {
      if (typeof fields[field] === 'number') out[field] = fields[field];
    }
    if (error.cause !== undefined && depth < MAX_CAUSE_DEPTH) {
      out.cause = serialize(error.cause, masks, depth + 1);
    }
    return out;
  };
  return (error: unknown): SerializedError => {
    const masks = [...secrets, ...parameterValues(error)];
    return serialize(error, masks, 0);
  };
}

function safeStringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
