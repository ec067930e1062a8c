import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { updateUserSchema } from '../../../shared/schemas/users';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { forbidden } from '../../lib/errors';
import { idParams } from '../../lib/route-schemas';
import { requireUser, signedIn } from '../../plugins/session';
import { toPublicUser, updateOwnProfile } from './users.service';

export function userRoutes(app: FastifyInstance, deps: { db: Db; config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.patch(
    '/api/users/:id',
    {
      onRequest: signedIn,
      schema: {
        tags: ['account'],
        summary: 'Update one’s own profile, bank details and platforms (never role, status or verified)',
        params: idParams,
        body: updateUserSchema,
      },
    },
    async (request) => {
      const { user, realUser, isImpersonating } = requireUser(request);
      if (request.params.id !== user.id) throw forbidden('You can only update your own profile');
      const updated = await updateOwnProfile(deps, user, request.body);
      return toPublicUser(updated, isImpersonating ? realUser : null);
    },
  );
}
