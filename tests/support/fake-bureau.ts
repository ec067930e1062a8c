// A small server that speaks the credit bureau enquiry protocol of src/server/features/nca/credit-bureau.ts:
// POST /enquiries with a bearer key, answered with the accounts on record for the ID number asked about.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody } from './read-body';

export const FAKE_BUREAU_KEY = 'bureau-test-key';

/** accountsById: the monthly instalments on record per ID number ("1200.00"); anyone else has none. */
export async function startFakeBureau(accountsById: Record<string, string[]> = {}) {
  const seen: Array<Record<string, unknown>> = [];
  let down = false;
  const server = createServer(async (req, res) => {
    res.setHeader('content-type', 'application/json');
    if (down) {
      res.statusCode = 503;
      res.end(JSON.stringify({ error: 'maintenance' }));
      return;
    }
    if (req.method !== 'POST' || req.url !== '/enquiries') {
      res.statusCode = 404;
      res.end('{}');
      return;
    }
    if (req.headers.authorization !== `Bearer ${FAKE_BUREAU_KEY}`) {
      res.statusCode = 401;
      res.end(JSON.stringify({ error: 'unauthorised' }));
      return;
    }
    const body = JSON.parse(await readBody(req)) as Record<string, unknown>;
    seen.push(body);
    const instalments = accountsById[String(body.idNumber)] ?? [];
    res.end(
      JSON.stringify({
        enquiryId: `ENQ-${seen.length}`,
        accounts: instalments.map((monthlyInstalment, i) => ({
          subscriber: `Lender ${i + 1}`,
          monthlyInstalment,
        })),
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    setDown(value: boolean) {
      down = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
