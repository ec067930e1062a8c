import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { PRODUCT_NAME } from '../../shared/constants';
import type { Config } from '../config';
import { adminOnly } from './session';

/**
 * OpenAPI generated from the same zod schemas that validate the routes, served at /api/docs. In production the
 * page and the document (/api/docs/json, /yaml) are for admins whose session passed the second factor
 * (401 / 403); in development they are open.
 */
export async function registerOpenApi(app: FastifyInstance, config: Config) {
  await app.register(swagger, {
    openapi: {
      info: { title: `${PRODUCT_NAME} API`, version: '1.0.0' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'vuka_session' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    ...(config.env === 'production' ? { uiHooks: { onRequest: adminOnly } } : {}),
  });
}
