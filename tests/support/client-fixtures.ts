// What the component tests (src/client/**/*.test.tsx) share: a signed-in creator as GET /api/user answers, and an
// answer at the network boundary as the server writes one.
import type { PublicUser } from '../../src/shared/schemas/auth';

/** A verified creator without bank details, as the session query holds one. */
export function creatorUser(overrides: Partial<PublicUser> = {}): PublicUser {
  return {
    id: 41,
    username: 'lerato@example.com',
    firstName: 'Lerato',
    lastName: 'Dlamini',
    country: 'South Africa',
    city: 'Johannesburg',
    creatorType: 'full-time',
    bio: null,
    role: 'user',
    status: 'active',
    verified: true,
    socialMediaData: {},
    bankName: null,
    accountNumber: null,
    branchCode: null,
    accountType: null,
    createdAt: '2026-01-05T08:00:00.000Z',
    ...overrides,
  };
}

/** A JSON answer with `status` (and any other headers, e.g. Retry-After), as fetch would receive it from the server. */
export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}
