// What the component tests (src/client/**/*.test.tsx) share: a signed-in creator as GET /api/user answers, and an
// answer at the network boundary as the server writes one.
import type { QueryClient } from '@tanstack/react-query';
import { vi } from 'vitest';
import { USER_QUERY_KEY } from '../../src/client/lib/session';
import type { PublicUser } from '../../src/shared/schemas/auth';
import type { EarningsConnections } from '../../src/shared/schemas/earnings';
import type { ConnectablePlatforms } from '../../src/shared/schemas/platforms';

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

/** A request as it reached the network boundary, its JSON body read. */
export type RecordedRequest = { method: string; url: string; body?: unknown };

/**
 * Records every request the page makes into `requests` and answers it with `answer`; one `answer` leaves unanswered
 * is refused with a 500, so a test sees a call it did not expect.
 */
export function recordFetch(
  requests: RecordedRequest[],
  answer: (request: RecordedRequest) => Response | undefined,
): void {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const request: RecordedRequest = {
      method: init?.method ?? 'GET',
      url: String(input),
      ...(body ? { body } : {}),
    };
    requests.push(request);
    return answer(request) ?? jsonResponse(500, { message: 'Not expected in this test' });
  });
}

/** The session and the platform reads a screen with the platforms panel makes, as the server would answer them. */
export function seedPlatformReads(client: QueryClient, user: PublicUser): void {
  client.setQueryData(USER_QUERY_KEY, user);
  client.setQueryData(['/api/platforms/connectable'], {
    youtube: false,
    visionary: true,
    patreon: false,
  } satisfies ConnectablePlatforms);
  client.setQueryData(['/api/earnings-connections'], { connections: [] } satisfies EarningsConnections);
}
