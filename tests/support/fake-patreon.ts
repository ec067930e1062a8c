// A small server that speaks Patreon's OAuth 2 token endpoint (code and refresh) and API v2 identity and campaign
// members with cursor paging, in the documented shapes; and an Open Exchange Rates style historical-rates endpoint.
// The code `patreon-<name>` answers the access token `pat.<name>.<n>`; a test sets `members` and `failing` by name.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody } from './read-body';

export const PATREON_CLIENT_ID = 'patreon-client';
export const PATREON_CLIENT_SECRET = 'patreon-secret';
export const patreonCode = (name: string) => `patreon-${name}`;

type Member = { patron_status: string | null; currently_entitled_amount_cents: number };

async function listen(handler: Parameters<typeof createServer>[1]) {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function startFakePatreon() {
  let issued = 0;
  const state = {
    expiresIn: 2_678_400,
    members: new Map<string, Member[]>(),
    failing: new Set<string>(),
    live: new Set<string>(),
    /** The creator name of each members page served. */
    pageRequests: [] as string[],
  };
  const issue = (name: string) => {
    issued += 1;
    const token = `pat.${name}.${issued}`;
    state.live.add(token);
    return {
      access_token: token,
      refresh_token: `patrefresh-${name}-${issued}`,
      expires_in: state.expiresIn,
      scope: 'identity campaigns.members',
      token_type: 'Bearer',
    };
  };
  const { base, close } = await listen(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    res.setHeader('content-type', 'application/json');
    const send = (status: number, body: unknown) => {
      res.statusCode = status;
      res.end(JSON.stringify(body));
    };
    if (req.method === 'POST' && url.pathname === '/api/oauth2/token') {
      const form = new URLSearchParams(await readBody(req));
      const client =
        form.get('client_id') === PATREON_CLIENT_ID && form.get('client_secret') === PATREON_CLIENT_SECRET;
      const code = form.get('code') ?? '';
      if (client && form.get('grant_type') === 'authorization_code' && code.startsWith('patreon-')) {
        return send(200, issue(code.slice(8)));
      }
      const refresh = /^patrefresh-([\w]+)-\d+$/.exec(form.get('refresh_token') ?? '');
      if (client && form.get('grant_type') === 'refresh_token' && refresh)
        return send(200, issue(refresh[1]!));
      return send(400, { error: 'invalid_grant' });
    }
    const token = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
    const name = state.live.has(token) ? token.split('.')[1]! : null;
    if (!name) return send(401, { errors: [{ status: '401', title: 'Unauthorized' }] });
    if (req.method === 'GET' && url.pathname === '/api/oauth2/v2/identity') {
      return send(200, {
        data: { id: `user-${name}`, type: 'user', attributes: { full_name: `Patreon ${name}` } },
        included: [
          {
            id: `camp-${name}`,
            type: 'campaign',
            attributes: { patron_count: (state.members.get(name) ?? []).length },
          },
        ],
      });
    }
    const members = /^\/api\/oauth2\/v2\/campaigns\/camp-([\w]+)\/members$/.exec(url.pathname);
    if (req.method === 'GET' && members) {
      if (members[1] !== name) return send(403, { errors: [{ status: '403' }] });
      if (state.failing.has(name)) return send(503, { errors: [{ status: '503' }] });
      state.pageRequests.push(name);
      const all = state.members.get(name) ?? [];
      const count = Number(url.searchParams.get('page[count]') ?? '20');
      const from = Number(url.searchParams.get('page[cursor]') ?? '0');
      const page = all.slice(from, from + count);
      const next = from + count < all.length ? String(from + count) : null;
      return send(200, {
        data: page.map((m, i) => ({ id: `m-${from + i}`, type: 'member', attributes: m })),
        meta: { pagination: { total: all.length, cursors: { next } } },
      });
    }
    send(404, {});
  });
  return {
    state,
    env: {
      PATREON_CLIENT_ID,
      PATREON_CLIENT_SECRET,
      PATREON_AUTH_URL: `${base}/oauth2/authorize`,
      PATREON_TOKEN_URL: `${base}/api/oauth2/token`,
      PATREON_API_URL: `${base}/api/oauth2/v2`,
    },
    close,
  };
}

export const FX_KEY = 'fx-test-key';

/** Open Exchange Rates' historical endpoint: `rates` by day ('2026-10-31' → rand per dollar); others answer 400. */
export async function startFakeRates() {
  const state = { rates: new Map<string, number>(), requests: [] as string[] };
  const { base, close } = await listen((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    res.setHeader('content-type', 'application/json');
    const day = /^\/api\/historical\/(\d{4}-\d{2}-\d{2})\.json$/.exec(url.pathname)?.[1];
    if (url.searchParams.get('app_id') !== FX_KEY) {
      res.statusCode = 401;
      return res.end(JSON.stringify({ error: true, status: 401, message: 'invalid_app_id' }));
    }
    const rate = day ? state.rates.get(day) : undefined;
    if (!day || rate === undefined) {
      res.statusCode = 400;
      return res.end(JSON.stringify({ error: true, status: 400, message: 'not_available' }));
    }
    state.requests.push(day);
    res.end(
      JSON.stringify({
        timestamp: Date.parse(`${day}T23:59:59Z`) / 1000,
        base: 'USD',
        rates: { ZAR: rate, USD: 1 },
      }),
    );
  });
  return { state, env: { FX_API_URL: `${base}/api`, FX_API_KEY: FX_KEY }, close };
}
