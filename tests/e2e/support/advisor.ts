// Helpers for the Creative Advisor and AI analysis journeys (advisor.spec.ts, admin-analysis.spec.ts): hold a
// request until the test has looked at the waiting state, so 'Thinking...' and the running analysis are
// checked without racing a fast server.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type Request } from '@playwright/test';

export const ADVISOR_PATH = '/api/ai/creative-advisor';

export interface HeldRequest {
  /** Resolves with the request once the browser has sent it (it is then held). */
  sent: Promise<Request>;
  /** Lets the held request through to the real server. */
  release: () => void;
}

/**
 * Holds the next request whose path matches `path` (and method, when given) until `release()` is called,
 * then lets it through to the server unchanged. Only one request is held; later ones pass.
 */
export async function holdNextRequest(
  page: Page,
  path: string | RegExp,
  method?: string,
): Promise<HeldRequest> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let markSent!: (request: Request) => void;
  const sent = new Promise<Request>((resolve) => {
    markSent = resolve;
  });
  const matches = (url: URL) => (typeof path === 'string' ? url.pathname === path : path.test(url.pathname));
  let held = false;
  await page.route(
    (url) => matches(url),
    async (route) => {
      if (held || (method && route.request().method() !== method)) {
        await route.fallback();
        return;
      }
      held = true;
      markSent(route.request());
      await released;
      await route.continue();
    },
  );
  return { sent, release };
}

/** Answers the next request to `path` with `status` and a JSON body instead of the server. */
export async function fulfilNext(
  page: Page,
  path: string | RegExp,
  status: number,
  body: unknown,
): Promise<void> {
  await page.route(
    (url) => (typeof path === 'string' ? url.pathname === path : path.test(url.pathname)),
    (route) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) }),
    { times: 1 },
  );
}

/** No serious or critical axe-core violations (WCAG 2.1 A and AA) inside `selector` only. */
export async function expectNoSeriousAxeViolationsIn(
  page: Page,
  selector: string,
  label: string,
): Promise<void> {
  const results = await new AxeBuilder({ page })
    .include(selector)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious
    .map(
      (v) =>
        `- ${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`,
    )
    .join('\n');
  expect(serious, `${label} has serious or critical axe violations:\n${report}`).toEqual([]);
}
