// A small server that speaks Google's OAuth 2 token endpoint and the YouTube Data API channels endpoint,
// enough for the authorization-code flow the product uses.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody } from './read-body';

export const FAKE_CLIENT_ID = 'test-client-id';
export const FAKE_CLIENT_SECRET = 'test-client-secret';
export const GOOD_CODE = 'good-code';

export async function startFakeYoutube() {
  const seen: { tokenRequests: URLSearchParams[] } = { tokenRequests: [] };
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    res.setHeader('content-type', 'application/json');
    if (req.method === 'POST' && url.pathname === '/token') {
      const form = new URLSearchParams(await readBody(req));
      seen.tokenRequests.push(form);
      const ok =
        form.get('grant_type') === 'authorization_code' &&
        form.get('client_id') === FAKE_CLIENT_ID &&
        form.get('client_secret') === FAKE_CLIENT_SECRET &&
        form.get('code') === GOOD_CODE &&
        Boolean(form.get('redirect_uri'));
      res.statusCode = ok ? 200 : 400;
      res.end(
        JSON.stringify(
          ok
            ? { access_token: 'ya29.test', token_type: 'Bearer', expires_in: 3599 }
            : { error: 'invalid_grant' },
        ),
      );
      return;
    }
    if (req.method === 'GET' && url.pathname === '/youtube/v3/channels') {
      if (req.headers.authorization !== 'Bearer ya29.test' || url.searchParams.get('mine') !== 'true') {
        res.statusCode = 401;
        res.end(JSON.stringify({ error: { code: 401 } }));
        return;
      }
      res.end(
        JSON.stringify({
          items: [
            {
              id: 'UC123',
              snippet: { title: 'Thandi Cooks', customUrl: '@thandicooks' },
              statistics: {
                subscriberCount: '48200',
                viewCount: '3100000',
                videoCount: '212',
                hiddenSubscriberCount: false,
              },
            },
          ],
        }),
      );
      return;
    }
    res.statusCode = 404;
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    seen,
    env: {
      YOUTUBE_CLIENT_ID: FAKE_CLIENT_ID,
      YOUTUBE_CLIENT_SECRET: FAKE_CLIENT_SECRET,
      YOUTUBE_AUTH_URL: `${base}/auth`,
      YOUTUBE_TOKEN_URL: `${base}/token`,
      YOUTUBE_API_URL: `${base}/youtube/v3`,
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
