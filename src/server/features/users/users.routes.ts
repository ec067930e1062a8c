import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicUserSchema } from '../../../shared/schemas/auth';
import { updateUserSchema } from '../../../shared/schemas/users';
import type { Deps } from '../../lib/deps';
import { forbidden } from '../../lib/errors';
import { errors, idParams } from '../../lib/route-schemas';
import { requireUser, signedIn } from '../../plugins/session';
import { toPublicUser, updateOwnProfile } from './users.service';

const tags = ['account'];

export function userRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.patch(
    '/api/users/:id',
    {
      onRequest: signedIn,
      schema: {
        tags,
        operationId: 'updateOwnProfile',
        summary:
          'Update one’s own profile, bank details and platforms (never e-mail, role, status or verified)',
        params: idParams,
        body: updateUserSchema,
        response: { 200: publicUserSchema, ...errors(400, 401, 403, 404) },
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
