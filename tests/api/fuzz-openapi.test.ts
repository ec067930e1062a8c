// no input gives a 5xx, on any route (decision 018). fast-check generates requests for every
// operation of the app's own OpenAPI document, as a creator and as an admin (with the app's Origin, so they
// pass the cross-site check and reach the routes): bad path ids (2^31, -0, 1e3, 0x10, NUL, lone surrogates,
// very long, and real ids so the body is validated too), bad query values, and JSON bodies built from the
// operation's schema with one or more values swapped for bad ones (NUL and lone-surrogate text, huge, negative,
// -0, fractional and overflowing numbers, deep nesting, wrong types, null, extra fields), or replaced by a bad
// document altogether (broken, empty, deep, oversized, __proto__). Every answer must be below 500 and every
// error must be the one JSON shape with a message; and no value may reach the database unchecked (the error
// handler's "value refused by the database" warning must never be logged).
//
// Cost: RUNS cases per operation (FUZZ_RUNS overrides, e.g. FUZZ_RUNS=1000 for a long soak). With 150 cases
// for each of the ~150 operations, about 22,000 requests: about 1.5 minutes on PostgreSQL on a quiet 2-core machine,
// each case's setup being one statement (restoreWorldAndSignIn), or none for a GET after a GET (sessionFor).

import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomToken, sha256 } from '../../src/server/lib/crypto';
import { applicationBody, multipartFile, PDF_BYTES } from '../support/accounts';
import { startFakePatreon } from '../support/fake-patreon';
import { startFakeYoutube } from '../support/fake-youtube';
import { adminLoan, quickUser } from '../support/servicing';
import { APP_URL, createTestApp, type TestApp } from '../support/test-app';

/**
 * Cases per operation. The sweep tests the routes' schemas and handlers, which do not depend on the driver (PGlite is
 * PostgreSQL too): where the suite also runs on PostgreSQL (TEST_DATABASE_URL set, as in CI), the full sweep runs there
 * and the PGlite run takes a sample, so the ~20 000 cases are not paid for twice. FUZZ_RUNS overrides both.
 */
const FULL_SWEEP = 150;
const SAMPLE_ON_PGLITE = 30;
const RUNS = Number(
  process.env.FUZZ_RUNS ??
    (process.env.TEST_DB_DRIVER !== 'pg' && process.env.TEST_DATABASE_URL ? SAMPLE_ON_PGLITE : FULL_SWEEP),
);

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  pattern?: string;
  format?: string;
};
type Parameter = { in: 'path' | 'query' | 'header'; name: string; schema?: JsonSchema };
type Operation = {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
};

const warnings: Array<Record<string, unknown>> = [];
let t: TestApp;
let youtube: Awaited<ReturnType<typeof startFakeYoutube>>;
let patreon: Awaited<ReturnType<typeof startFakePatreon>>;
let operations: Operation[] = [];
const world = {
  creatorId: 0,
  adminId: 0,
  loanId: 0,
  pendingId: 0,
  quoteId: 0,
  proofFileId: 0,
};

beforeAll(async () => {
  // YouTube and Patreon configured against their fakes, so their routes answer as in production (not 503 "not
  // configured").
  youtube = await startFakeYoutube();
  patreon = await startFakePatreon();
  t = await createTestApp(
    { ...youtube.env, ...patreon.env, LOG_LEVEL: 'warn' },
    {
      logStream: {
        write: (line: string) => {
          warnings.push(JSON.parse(line));
        },
      },
    },
  );
  const admin = await quickUser(t, 'fuzz-admin@example.com', 'admin');
  const borrower = await quickUser(t, 'fuzz-creator@example.com');
  const loan = await adminLoan(admin, borrower);
  const quote = await borrower.post(`/api/applications/${loan.id}/settlement-quote`);
  const upload = multipartFile('proof.pdf', PDF_BYTES, 'application/pdf');
  const proof = await borrower.request({ method: 'POST', url: '/api/proof-files', ...upload });
  const other = await quickUser(t, 'fuzz-applicant@example.com');
  const pending = await other.post('/api/applications', applicationBody());
  Object.assign(world, {
    creatorId: borrower.userId,
    adminId: admin.userId,
    loanId: loan.id,
    pendingId: pending.json().application.id,
    quoteId: quote.json().quote?.id ?? 1,
    proofFileId: proof.json().id,
  });

  const doc = t.app.swagger() as {
    paths: Record<
      string,
      Record<
        string,
        { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema: JsonSchema }> } }
      >
    >;
  };
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        body: op.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  operations = operations.sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
});
afterAll(async () => {
  await t?.close();
  await youtube?.close();
  await patreon?.close();
});

// ---- bad values ----

/** Text units that include what the database cannot hold: NUL and lone surrogates among ordinary code points. */
const nastyUnit = fc.oneof(
  {
    weight: 1,
    arbitrary: fc.constantFrom('\u0000', '\ud800', '\udbff', '\udc00', '\udfff', '\u202e', '\ufeff'),
  },
  { weight: 4, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
);
const badString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udc00',
    'end\ud83d',
    '%00',
    '-0',
    '1e3',
    '0x10',
    '0b11',
    '0o7',
    'NaN',
    'Infinity',
    '2147483648',
    '99999999999999999999',
    '__proto__',
    'constructor',
    "'; drop table users; --",
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '😀',
    'null',
    'true',
    '2026-02-30',
    '9999-99-99',
    'x'.repeat(5_000),
  ),
  fc.string({ unit: nastyUnit, maxLength: 30 }),
  fc.string({ maxLength: 300 }),
);
const NEG_ZERO = '\u0001neg-zero\u0001';
const OVERFLOW = '\u0001overflow\u0001';
const badNumber = fc.oneof(
  fc.constantFrom(
    2_147_483_648,
    -2_147_483_649,
    2_147_483_647,
    9_007_199_254_740_992,
    1e21,
    1e308,
    -1,
    0,
    0.5,
    1.005,
    12.345,
    1e-7,
    -1e-7,
    NEG_ZERO,
    OVERFLOW,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const deep = fc.integer({ min: 10, max: 60 }).map((depth) => {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
});
const badValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: badString },
  { weight: 4, arbitrary: badNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}, [null], { '': '' }) },
  { weight: 1, arbitrary: deep },
  { weight: 1, arbitrary: fc.array(badNumber, { minLength: 50, maxLength: 300 }) },
  { weight: 1, arbitrary: fc.dictionary(badString, badNumber, { maxKeys: 5 }) },
);

// ---- values shaped by the operation's schema, so that a bad value meets deep validation and the handlers ----

const INJECTIONS = ['\u0000', '\ud800', '\udc00', '\ud83d'];

/** A string the field probably accepts: its name and pattern say what it holds. */
function plausibleString(name: string, schema: JsonSchema): fc.Arbitrary<string> {
  const max = schema.maxLength ?? 60;
  if (/date/i.test(name)) return fc.constantFrom('2026-11-23', '2026-11-20');
  if (/email|username/i.test(name)) return fc.constantFrom('fuzz@example.com', 'fuzz-creator@example.com');
  if (/url/i.test(name)) return fc.constant('https://example.com/page');
  if (/password/i.test(name)) return fc.constant('correct-horse-42');
  if (/code$/i.test(name)) return fc.constantFrom('123456', '000000');
  if (/token/i.test(name)) return fc.constant('t'.repeat(43));
  if (/amount|revenue|earnings/i.test(name)) return fc.constantFrom('12.50', '1', '0.01');
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter((v) => v.length <= max);
  const min = Math.max(schema.minLength ?? 1, 1);
  return fc
    .stringMatching(/^[A-Za-z][A-Za-z0-9 ._-]{0,30}[A-Za-z0-9]$/)
    .filter((v) => v.length >= min && v.length <= max);
}

/** Text the database or the JSON on the way out cannot hold, or that breaks the field's limits. */
function badStringFor(name: string, schema: JsonSchema): fc.Arbitrary<unknown> {
  return fc.oneof(
    {
      weight: 3,
      arbitrary: fc
        .tuple(plausibleString(name, schema), fc.nat(), fc.constantFrom(...INJECTIONS))
        .map(([text, at, bad]) => {
          const i = at % (text.length + 1);
          return `${text.slice(0, i)}${bad}${text.slice(i)}`;
        }),
    },
    { weight: 1, arbitrary: fc.constant('x'.repeat((schema.maxLength ?? 5_000) + 1)) },
    { weight: 1, arbitrary: badString },
  );
}

const badInteger = fc.oneof(
  fc.constantFrom(
    2_147_483_648,
    -2_147_483_649,
    9_007_199_254_740_992,
    1e21,
    -1,
    0,
    1.5,
    NEG_ZERO,
    OVERFLOW,
    '12',
  ),
  fc.integer(),
);
const badMoney = fc.constantFrom(
  NEG_ZERO,
  OVERFLOW,
  12.345,
  1e-7,
  -1,
  0,
  1e21,
  2_147_483_648,
  '0x10',
  '0b11',
  '0o7',
  '1e3',
  ' 12',
  '12.',
  'Infinity',
);

function plausibleInteger(name: string, schema: JsonSchema): fc.Arbitrary<number> {
  if (/id$/i.test(name)) {
    return fc.constantFrom(
      world.loanId,
      world.pendingId,
      world.creatorId,
      world.proofFileId,
      world.quoteId,
      1,
    );
  }
  const low =
    typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : (schema.minimum ?? 0);
  const min = Math.max(low, -(2 ** 31));
  const max = Math.min(schema.maximum ?? 100_000, 2 ** 31 - 1);
  return fc.integer({ min: Math.min(min, max), max });
}

function plausibleNumber(name: string, schema: JsonSchema): fc.Arbitrary<number> {
  if (/amount|revenue|earnings/i.test(name)) return fc.integer({ min: 1, max: 100_000 }).map((c) => c / 100);
  const min = Math.ceil(typeof schema.minimum === 'number' ? schema.minimum : 0);
  const max = Math.floor(Math.min(schema.maximum ?? 1_000_000, 1_000_000));
  return fc.integer({ min: Math.min(min, max), max });
}

/**
 * A value the schema accepts, most of the time. With `bad`, each leaf is now and then a bad value of its own
 * kind instead (text with a NUL or a lone surrogate, an id of 2^31, a -0, money written 0x10), and objects
 * now and then carry an unexpected field: the rest of the body stays valid, so the bad value goes as far as
 * the app lets it.
 */
function shaped(schema: JsonSchema | undefined, bad: boolean, name = '', depth = 0): fc.Arbitrary<unknown> {
  const leaf = (good: fc.Arbitrary<unknown>, wrong: fc.Arbitrary<unknown>) =>
    bad ? fc.oneof({ weight: 5, arbitrary: good }, { weight: 1, arbitrary: wrong }) : good;
  if (!schema || depth > 5) return fc.constant('x');
  if (schema.enum?.length) {
    const values = schema.enum;
    return leaf(
      fc.constantFrom(...values),
      fc.constantFrom(...values).map((v) => `${String(v)}\u0000`),
    );
  }
  if (schema.const !== undefined) return fc.constant(schema.const);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return fc.oneof(...choices.map((c) => shaped(c, bad, name, depth + 1)));
  if (schema.allOf?.length) return shaped(schema.allOf[0], bad, name, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  switch (type) {
    case 'string':
      return leaf(plausibleString(name, schema), badStringFor(name, schema));
    case 'integer':
      return leaf(plausibleInteger(name, schema), badInteger);
    case 'number':
      return leaf(plausibleNumber(name, schema), fc.oneof(badMoney, badInteger));
    case 'boolean':
      return leaf(fc.boolean(), fc.constantFrom('true', 1, 0, null));
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = shaped(schema.items, bad, name, depth + 1);
      const fitting = fc.array(items, {
        minLength: Math.min(schema.minItems ?? 0, 3),
        maxLength: Math.min(schema.maxItems ?? 3, 3),
      });
      return bad
        ? fc.oneof(
            { weight: 5, arbitrary: fitting },
            {
              weight: 1,
              arbitrary: fc.array(items, {
                minLength: (schema.maxItems ?? 50) + 1,
                maxLength: Math.max(60, (schema.maxItems ?? 50) + 1),
              }),
            },
          )
        : fitting;
    }
    case 'object': {
      const properties = schema.properties ?? {};
      const keys = Object.keys(properties);
      const record =
        keys.length === 0
          ? typeof schema.additionalProperties === 'object'
            ? fc.dictionary(
                fc.constantFrom('youtube', 'tiktok', 'x'),
                shaped(schema.additionalProperties, bad, name, depth + 1),
                { maxKeys: 2 },
              )
            : fc.constant({})
          : fc.record(Object.fromEntries(keys.map((k) => [k, shaped(properties[k], bad, k, depth + 1)])), {
              requiredKeys: (schema.required ?? []).filter((k) => keys.includes(k)),
            });
      if (!bad) return record;
      return fc
        .tuple(
          record,
          fc.option(fc.tuple(fc.constantFrom('unexpectedField', 'role', 'userId', '__proto__'), badValue)),
        )
        .map(([value, extra]) =>
          extra && value && typeof value === 'object'
            ? { ...(value as object), [extra[0]]: extra[1] }
            : value,
        );
    }
    default:
      return fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.boolean());
  }
}

const plausible = (schema: JsonSchema | undefined) => shaped(schema, false);

/** Every place in a JSON value where another value could go (the root, each key, each element, a new key). */
function slots(value: unknown, path: Array<string | number> = [], out: Array<Array<string | number>> = []) {
  out.push(path);
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) slots(v, [...path, i], out);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) slots(v, [...path, k], out);
    out.push([...path, 'unexpectedField']);
  }
  return out;
}

function setAt(value: unknown, path: Array<string | number>, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const copy: unknown = structuredClone(value);
  let node = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node?.[key] as Record<string | number, unknown>;
  // An earlier swap may have replaced what this path went through: then there is nothing to swap.
  if (node === null || typeof node !== 'object') return copy;
  node[path.at(-1)!] = replacement;
  return copy;
}

/** A plausible body with 1-3 values swapped for bad ones. */
const mutated = (schema: JsonSchema) =>
  plausible(schema).chain((base) =>
    fc
      .array(fc.tuple(fc.constantFrom(...slots(base)), badValue), { minLength: 1, maxLength: 3 })
      .map((swaps) => swaps.reduce((body, [path, bad]) => setAt(body, path, bad), base)),
  );

/** JSON text as a client could write it: -0 and overflowing numbers survive (JSON.stringify would lose them). */
function encodeJson(value: unknown): string {
  return (JSON.stringify(value) ?? 'null')
    .replaceAll(JSON.stringify(NEG_ZERO), '-0')
    .replaceAll(JSON.stringify(OVERFLOW), '1e400');
}

const rawBodies = fc.constantFrom(
  '',
  '{',
  '{"a":',
  'nul',
  '-0',
  '1e400',
  '"\\ud800"',
  '{"x":"\\u0000"}',
  '{"__proto__":{"role":"admin"}}',
  '{"constructor":{"prototype":{"role":"admin"}}}',
  '{"a":1,"a":2}',
  `${'['.repeat(40_000)}${']'.repeat(40_000)}`,
  `{"x":"${'y'.repeat(150_000)}"}`,
  '[]',
  '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]',
);

type Body = { contentType?: string; text?: string };
const bodyFor = (op: Operation): fc.Arbitrary<Body> => {
  const json = (arb: fc.Arbitrary<unknown>) =>
    arb.map((value): Body => ({ contentType: 'application/json', text: encodeJson(value) }));
  const schema = op.body ?? { type: 'object', properties: {} };
  return fc.oneof(
    { weight: 8, arbitrary: json(shaped(schema, true)) },
    { weight: 3, arbitrary: json(mutated(schema)) },
    { weight: 1, arbitrary: json(plausible(schema)) },
    { weight: 2, arbitrary: json(badValue) },
    { weight: 2, arbitrary: rawBodies.map((text): Body => ({ contentType: 'application/json', text })) },
    { weight: 1, arbitrary: fc.constant<Body>({}) },
    {
      weight: 1,
      arbitrary: fc.constantFrom<Body>(
        { contentType: 'text/plain', text: '{"a":1}' },
        { contentType: 'application/x-www-form-urlencoded', text: 'a=1&b=%00' },
        {
          contentType: 'multipart/form-data; boundary=zz',
          text: '--zz\r\nContent-Disposition: form-data; name="file"\r\n\r\nx\r\n--zz--\r\n',
        },
        { contentType: 'multipart/form-data', text: 'garbage' },
        { contentType: 'application/json; charset=utf-16', text: '{}' },
        { contentType: 'application/xml', text: '<a/>' },
      ),
    },
  );
};

// ---- paths, queries, headers ----

const encode = (value: string) => {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80'; // a lone surrogate has no UTF-8 form: send its CESU-8 bytes instead
  }
};

const pathValue = (name: string): fc.Arbitrary<string> =>
  fc.oneof(
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        '2147483648',
        '2147483647',
        '99999999999999999999',
        '-1',
        '0',
        '-0',
        '1e3',
        '0x10',
        '1.0',
        '%00',
        '%20',
        'abc',
        '%ED%A0%80',
        'x'.repeat(3_000),
      ),
    },
    {
      weight: 3,
      arbitrary: fc
        .constantFrom(
          world.creatorId,
          world.adminId,
          world.loanId,
          world.pendingId,
          world.quoteId,
          world.proofFileId,
          1,
        )
        .map((id) => (name === 'key' ? 'youtube' : String(id))),
    },
    { weight: 2, arbitrary: fc.oneof(badString, badNumber.map(String)).map((v) => encode(String(v))) },
  );

function queryFor(op: Operation): fc.Arbitrary<string> {
  const params = op.parameters.filter((p) => p.in === 'query');
  const value = (p: Parameter) =>
    fc.oneof(
      plausible(p.schema).map((v) => encode(String(v))),
      badString.map(encode),
      badNumber.map((n) => encode(String(n))),
    );
  const documented = fc.tuple(
    ...params.map((p) =>
      fc.option(
        value(p).map((v) => `${p.name}=${v}`),
        { nil: undefined },
      ),
    ),
  );
  const extra = fc.option(
    fc.constantFrom('page=1&page=2', 'sort=-x', '%', '%zz', 'a=%00', '=x', '&&', 'userId[]=1', 'x=%ED%A0%80'),
    { nil: undefined },
  );
  return fc.tuple(documented, extra).map(([parts, more]) => {
    const all = [...parts, more].filter((p): p is string => p !== undefined);
    return all.length ? `?${all.join('&')}` : '';
  });
}

const headerValue = fc.oneof(
  fc.constant(undefined),
  fc.stringMatching(/^[\w-]{0,120}$/),
  fc.constantFrom('has space', 'semi;colon', 'x'.repeat(100), 'x'.repeat(101), '%00'),
);

// ---- sessions: fresh for each case, so that a sign-out, a suspension or an impersonation does not end the run ----

/**
 * Puts the two accounts back as they were (a case may have suspended one, or changed its role) and signs in a fresh
 * session for one of them, an admin's having passed the second factor: one statement, as each of the ~20,000 cases
 * runs it (four round trips took a third of the sweep's time). The session is the one createSession writes, dated by
 * the session clock, not the test's business clock (lib/deps.ts).
 */
async function restoreWorldAndSignIn(admin: boolean): Promise<string> {
  const token = randomToken();
  const now = t.sessionClock.now();
  const expires = new Date(now.getTime() + 60 * 60 * 1000);
  await t.database.db.execute(sql`
    with restored as (
      update users
      set status = 'active', role = case when id = ${world.adminId} then 'admin' else 'user' end
      where id in (${world.creatorId}, ${world.adminId})
    )
    insert into sessions (token_hash, user_id, persistent, created_at, last_seen_at, expires_at, ip, mfa_passed_at)
    values (${sha256(token)}, ${admin ? world.adminId : world.creatorId}, false, ${now}, ${now}, ${expires},
      '127.0.0.1', ${admin ? now : null})`);
  return token;
}

/**
 * Sessions signed in since the world was last put back and used only by GET cases since: a GET answers without
 * changing an account or a session, so the next GET case uses one again (half the operations are GETs, and the set-up
 * was a quarter of a case's time). Any other case puts the world back and signs in afresh, and leaves the world as
 * it may have changed it, so the sessions after it are fresh too.
 */
let untouched: Partial<Record<'creator' | 'admin', string>> = {};

async function sessionFor(as: 'creator' | 'admin', readOnly: boolean): Promise<string> {
  const kept = untouched[as];
  if (readOnly && kept) return kept;
  if (!readOnly) untouched = {};
  const token = await restoreWorldAndSignIn(as === 'admin');
  if (readOnly) untouched[as] = token;
  return token;
}

describe('no input gives a 5xx', () => {
  it('the OpenAPI document has the operations to fuzz', () => {
    expect(operations.length).toBeGreaterThan(40);
    expect(operations.filter((op) => op.body).length).toBeGreaterThan(20);
  });

  it(`every operation, as a creator and as an admin (${RUNS} cases each)`, { timeout: 900_000 }, async () => {
    const statuses = new Map<number, number>();
    for (const op of operations) {
      const pathParams = op.parameters.filter((p) => p.in === 'path');
      const headerParams = op.parameters.filter((p) => p.in === 'header');
      const hasBody = !['GET', 'HEAD'].includes(op.method);
      const request = fc.record({
        as: fc.constantFrom<'creator' | 'admin'>('creator', 'admin'),
        path: fc.tuple(...pathParams.map((p) => pathValue(p.name))),
        query: queryFor(op),
        body: hasBody ? bodyFor(op) : fc.constant<Body>({}),
        headers: fc.tuple(...headerParams.map(() => headerValue)),
      });
      await fc.assert(
        fc.asyncProperty(request, async (r) => {
          const token = await sessionFor(r.as, op.method === 'GET');
          let url = op.path;
          pathParams.forEach((p, i) => {
            url = url.replace(`{${p.name}}`, r.path[i]!);
          });
          const headers: Record<string, string> = { origin: APP_URL, cookie: `vuka_session=${token}` };
          headerParams.forEach((p, i) => {
            const value = r.headers[i];
            if (value !== undefined) headers[p.name] = value;
          });
          if (r.body.contentType) headers['content-type'] = r.body.contentType;
          const logged = warnings.length;
          const res = await t.app.inject({
            method: op.method as 'GET',
            url: `${url}${r.query}`,
            headers,
            ...(r.body.text !== undefined ? { payload: r.body.text } : {}),
          });
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          const where = `${op.method} ${url}${r.query} as ${r.as}: ${res.statusCode} ${res.body.slice(0, 300)}`;
          expect(res.statusCode, where).toBeLessThan(500);
          // A value the schemas let through and the database refused (answered 400 by the error handler's
          // safety net) is a gap in the schemas all the same.
          const refused = warnings.slice(logged).filter((w) => w.msg === 'value refused by the database');
          expect(refused, where).toEqual([]);
          if (res.statusCode >= 400) {
            const body = res.json();
            expect(typeof body.message, where).toBe('string');
            expect(body.message.length, where).toBeGreaterThan(0);
          }
        }),
        { numRuns: RUNS },
      );
    }
    const refusedByDatabase = warnings.filter((w) => w.msg === 'value refused by the database');
    expect(refusedByDatabase).toEqual([]);
    expect(warnings.filter((w) => (w.level as number) >= 50)).toEqual([]);
    // The sweep reached the handlers, not only the validators.
    expect([...statuses.keys()].some((s) => s < 300)).toBe(true);
    expect(statuses.get(400)).toBeGreaterThan(0);
    console.info(
      `fuzz: ${operations.length} operations x ${RUNS} cases; statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
  });
});
