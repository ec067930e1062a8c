// A small server that speaks Google's OAuth 2 token endpoint (authorization code and refresh), the YouTube Data API
// channels endpoint, YouTube Analytics v2 reports and the AdSense Management API v2 accounts and payments, in the
// shapes Google documents: enough for the audience connection and for reading earnings (docs/platform-earnings.md).
//
// Earnings connections are per creator: the code `earn-<name>` answers the access token `ya29.<name>.<n>` and the
// refresh token `refresh-<name>`; a test sets `revenue`, `payments` and `failing` by that name.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody } from './read-body';

export const FAKE_CLIENT_ID = 'test-client-id';
export const FAKE_CLIENT_SECRET = 'test-client-secret';
export const GOOD_CODE = 'good-code';
export const earningsCode = (name: string) => `earn-${name}`;

type AdsensePayment = { name: string; amount: string; date?: { year: number; month: number; day: number } };

export async function startFakeYoutube() {
  const seen: { tokenRequests: URLSearchParams[]; reports: URLSearchParams[] } = {
    tokenRequests: [],
    reports: [],
  };
  let issued = 0;
  const state = {
    /** Seconds each access token lasts. */
    expiresIn: 3599,
    /** Estimated revenue in USD by creator name and month ('2026-10'). */
    revenue: new Map<string, Record<string, number>>(),
    /** AdSense payments by creator name. */
    payments: new Map<string, AdsensePayment[]>(),
    /** Creator names whose reports answer 500. */
    failing: new Set<string>(),
    /** Access tokens that still work (a refreshed one replaces the old). */
    live: new Set<string>(['ya29.test']),
  };
  const nameOf = (auth: string | undefined) => {
    const token = auth?.replace(/^Bearer /, '') ?? '';
    if (!state.live.has(token)) return null;
    return token === 'ya29.test' ? 'test' : (token.split('.')[1] ?? null);
  };
  const issue = (name: string) => {
    issued += 1;
    const token = `ya29.${name}.${issued}`;
    state.live.add(token);
    return token;
  };
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    res.setHeader('content-type', 'application/json');
    const send = (status: number, body: unknown) => {
      res.statusCode = status;
      res.end(JSON.stringify(body));
    };
    if (req.method === 'POST' && url.pathname === '/token') {
      const form = new URLSearchParams(await readBody(req));
      seen.tokenRequests.push(form);
      const client =
        form.get('client_id') === FAKE_CLIENT_ID && form.get('client_secret') === FAKE_CLIENT_SECRET;
      const grant = form.get('grant_type');
      const code = form.get('code') ?? '';
      if (client && grant === 'authorization_code' && code === GOOD_CODE && form.get('redirect_uri')) {
        return send(200, { access_token: 'ya29.test', token_type: 'Bearer', expires_in: 3599 });
      }
      if (client && grant === 'authorization_code' && code.startsWith('earn-') && form.get('redirect_uri')) {
        const name = code.slice(5);
        return send(200, {
          access_token: issue(name),
          refresh_token: `refresh-${name}`,
          token_type: 'Bearer',
          expires_in: state.expiresIn,
          scope:
            'https://www.googleapis.com/auth/youtube.readonly https://www.googleapis.com/auth/yt-analytics-monetary.readonly https://www.googleapis.com/auth/adsense.readonly',
        });
      }
      const refresh = form.get('refresh_token') ?? '';
      if (client && grant === 'refresh_token' && refresh.startsWith('refresh-')) {
        // Google answers a new access token and keeps the refresh token (none in the answer).
        return send(200, {
          access_token: issue(refresh.slice(8)),
          token_type: 'Bearer',
          expires_in: state.expiresIn,
        });
      }
      return send(400, { error: 'invalid_grant' });
    }
    const name = nameOf(req.headers.authorization);
    if (req.method === 'GET' && url.pathname === '/youtube/v3/channels') {
      if (!name || url.searchParams.get('mine') !== 'true') return send(401, { error: { code: 401 } });
      return send(200, {
        items: [
          {
            id: name === 'test' ? 'UC123' : `UC-${name}`,
            snippet: { title: 'Thandi Cooks', customUrl: '@thandicooks' },
            statistics: {
              subscriberCount: '48200',
              viewCount: '3100000',
              videoCount: '212',
              hiddenSubscriberCount: false,
            },
          },
        ],
      });
    }
    if (req.method === 'GET' && url.pathname === '/analytics/v2/reports') {
      if (!name)
        return send(401, {
          error: { code: 401, message: 'Request had invalid authentication credentials.' },
        });
      seen.reports.push(url.searchParams);
      if (state.failing.has(name)) return send(500, { error: { code: 500, message: 'Backend Error' } });
      const start = url.searchParams.get('startDate') ?? '';
      const month = start.slice(0, 7);
      const value = state.revenue.get(name)?.[month];
      return send(200, {
        kind: 'youtubeAnalytics#resultTable',
        columnHeaders: [
          { name: 'month', columnType: 'DIMENSION', dataType: 'STRING' },
          { name: 'estimatedRevenue', columnType: 'METRIC', dataType: 'FLOAT' },
        ],
        rows: value === undefined ? [] : [[month, value]],
      });
    }
    if (req.method === 'GET' && url.pathname === '/adsense/v2/accounts') {
      if (!name) return send(401, { error: { code: 401 } });
      return send(200, { accounts: [{ name: `accounts/pub-${name}`, displayName: name }] });
    }
    const payments = /^\/adsense\/v2\/accounts\/pub-([\w-]+)\/payments$/.exec(url.pathname);
    if (req.method === 'GET' && payments) {
      if (!name || payments[1] !== name) return send(403, { error: { code: 403 } });
      if (state.failing.has(name)) return send(500, { error: { code: 500 } });
      return send(200, { payments: state.payments.get(name) ?? [] });
    }
    send(404, {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    seen,
    state,
    env: {
      YOUTUBE_CLIENT_ID: FAKE_CLIENT_ID,
      YOUTUBE_CLIENT_SECRET: FAKE_CLIENT_SECRET,
      YOUTUBE_AUTH_URL: `${base}/auth`,
      YOUTUBE_TOKEN_URL: `${base}/token`,
      YOUTUBE_API_URL: `${base}/youtube/v3`,
      YOUTUBE_ANALYTICS_URL: `${base}/analytics/v2`,
      ADSENSE_API_URL: `${base}/adsense/v2`,
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
