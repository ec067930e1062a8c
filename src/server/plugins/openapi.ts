import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PRODUCT_NAME, SUPPORT_EMAIL } from '../../shared/constants';
import { STAFF_DUTIES } from '../../shared/staff-roles';
import type { Config } from '../config';
import { SESSION_COOKIE, type StaffGuard, staffOnly } from './session';

/** The document's tags: every operation names one of these (tests/api/openapi-contract.test.ts). */
export const OPENAPI_TAGS = [
  { name: 'account', description: 'Registration, sign-in, password reset, profile and sign-in e-mail' },
  {
    name: 'admin security',
    description: "The admin's second factor (TOTP and recovery codes, decision 017)",
  },
  {
    name: 'applications',
    description: "A creator's financing applications, plans, servicing and statements",
  },
  { name: 'platforms', description: 'Proofs of earnings and connected platforms (Visionary, YouTube)' },
  {
    name: 'admin',
    description: 'Review, servicing, users, impersonation, platforms, dashboard mode, analyses',
  },
  { name: 'lending', description: 'Lending figures and rows, earnings records, cancellations' },
  { name: 'quests', description: 'Learning quests, progress, XP and preferences' },
  { name: 'dashboard', description: "The creator dashboard's combined figures" },
  { name: 'ai', description: 'The Creative Advisor' },
  { name: 'compliance', description: 'The National Credit Act: charge ceilings (docs/compliance.md)' },
  {
    name: 'debit-orders',
    description:
      "Debit orders: the creator's mandate, collection runs, their file and results (docs/debit-orders.md)",
  },
  {
    name: 'bank-statements',
    description: 'Bank statement import and the suspense worklist (docs/bank-statements.md)',
  },
  {
    name: 'collections',
    description:
      "The collections worklist, contacts, promises to pay and the creator's requests for help (docs/collections.md)",
  },
  {
    name: 'approvals',
    description:
      'Dual control: changes one staff member asks for and a second approves (docs/decisions/028-dual-control.md)',
  },
  {
    name: 'earnings',
    description: 'Earnings read from the platforms and their review queue (docs/platform-earnings.md)',
  },
  {
    name: 'reports',
    description: "Admins' returns: the NCR statistical return, Form 39 (docs/compliance.md)",
  },
  {
    name: 'books',
    description:
      'The books: trial balance, month-end close, capital received, journal export (docs/accounting.md)',
  },
];

type RouteSchema = { response?: Record<string, unknown> } & Record<string, unknown>;

/**
 * The zod transform, except for answers that are not JSON (a file download): those are written as OpenAPI
 * response objects with their content types (route-schemas.ts `binaryResponse`) and passed on as they are.
 * A staff route's operation also says which roles may call it (`x-roles`, from its guard's duty).
 */
const transform: typeof jsonSchemaTransform = (input) => {
  const out = zodAnswersOnly(input);
  const roles = staffRolesOf(input.route);
  return roles ? { ...out, schema: { ...(out.schema as RouteSchema), 'x-roles': roles } } : out;
};

const zodAnswersOnly: typeof jsonSchemaTransform = (input) => {
  const schema = input.schema as RouteSchema | undefined;
  const response = schema?.response;
  if (!schema || !response) return jsonSchemaTransform(input);
  const zodAnswers = Object.fromEntries(Object.entries(response).filter(([, s]) => s instanceof z.ZodType));
  const otherAnswers = Object.fromEntries(
    Object.entries(response).filter(([, s]) => !(s instanceof z.ZodType)),
  );
  const out = jsonSchemaTransform({ ...input, schema: { ...schema, response: zodAnswers } } as typeof input);
  if (Object.keys(otherAnswers).length === 0) return out;
  const transformed = out.schema as RouteSchema;
  return { ...out, schema: { ...transformed, response: { ...transformed.response, ...otherAnswers } } };
};

/** The roles that have the duty of the route's staff guard (staffOnly), or undefined for a route open to others. */
function staffRolesOf(route: { onRequest?: unknown } | undefined): readonly string[] | undefined {
  const hooks = [route?.onRequest].flat();
  const guard = hooks.find((h): h is StaffGuard => typeof h === 'function' && 'staffDuty' in h);
  return guard ? STAFF_DUTIES[guard.staffDuty] : undefined;
}

/**
 * OpenAPI 3.0 reads `nullable` only beside a `type`: a nullable union (`anyOf` without a type, e.g. a number or
 * text, or null) carries it on its members instead.
 */
function nullableToMembers<T>(node: T): T {
  if (Array.isArray(node)) {
    for (const item of node) nullableToMembers(item);
  } else if (node && typeof node === 'object') {
    const schema = node as Record<string, unknown>;
    if (schema.nullable === true && schema.type === undefined && Array.isArray(schema.anyOf)) {
      delete schema.nullable;
      for (const member of schema.anyOf as Array<Record<string, unknown>>) {
        if (member.type !== undefined) member.nullable = true;
      }
    }
    for (const value of Object.values(schema)) nullableToMembers(value);
  }
  return node;
}

/**
 * OpenAPI generated from the same zod schemas that validate the routes and serialise their answers, served at
 * /api/docs. Every operation has an operationId, a summary, its answers (2xx and each 4xx with the one error body)
 * and its security: the session cookie by default, `security: []` on public routes. The document passes
 * `redocly lint` with the recommended rules (tests/api/openapi-contract.test.ts). In production the page and the
 * document (/api/docs/json, /yaml) are for admins whose session passed the second factor (401 / 403); in
 * development they are open.
 */
export async function registerOpenApi(app: FastifyInstance, config: Config) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: `${PRODUCT_NAME} API`,
        version: '1.0.0',
        description:
          'Revenue-based financing for South African content creators. Errors answer { message, error, fieldErrors? }.',
        contact: { name: PRODUCT_NAME, email: SUPPORT_EMAIL, url: config.appUrl },
        license: { name: 'Proprietary', url: `${config.appUrl}/terms` },
      },
      // The API is served by the server that serves this document.
      servers: [{ url: '/', description: 'This server' }],
      tags: OPENAPI_TAGS,
      components: {
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description: 'The session cookie set by POST /api/login or POST /api/verify-email',
          },
        },
      },
      security: [{ session: [] }],
    },
    transform,
    transformObject: (document) =>
      'openapiObject' in document ? nullableToMembers(document.openapiObject) : document.swaggerObject,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    ...(config.env === 'production' ? { uiHooks: { onRequest: staffOnly('read') } } : {}),
  });
}
