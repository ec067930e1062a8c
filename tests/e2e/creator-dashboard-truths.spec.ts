// As a creator sees it: the dashboard tells the truth (earnings with self-declared
// platforms, nothing to borrow after a rejection or a cancellation, a Learning panel, an admin-set score), and the
// phone's floating button leaves the end of the page free. Also the dashboard shows its cards before
// it draws what is below them. The forms reporting every error at once and clearing each as it is fixed, the Resend
// Code countdown and the words of the reset page without a token need no browser: they are component tests beside
// those components (application-form, manual-platform-form, verify-email-step and reset-password-page .test.tsx);
// the accounts journeys follow the reset page's Back to Login and count down a real registration's minute.
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { shoot } from './support/admin-servicing';
import { approvedBySecondAdmin } from './support/admin-session';
import {
  adminApi,
  currentBaseUrl,
  E2E_IDENTITY,
  expectText,
  newCreator,
  PROOF_PDF,
  skipTours,
  submitApplicationByApi,
} from './support/creator';
import { latestCodeFor, openMenuIfNeeded, toast, uniqueEmail } from './support/mailbox';

test.describe.configure({ mode: 'parallel' });

/** Uploads a proof and submits an application listing one self-declared platform, through the API. */
async function applyWithSelfDeclaredPlatform(page: Page, platform: string, monthlyRevenue: number) {
  const upload = await page.request.post('/api/proof-files', {
    headers: { origin: currentBaseUrl() },
    multipart: { file: PROOF_PDF },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const proof = (await upload.json()) as { id: number };
  const response = await page.request.post('/api/applications', {
    headers: { origin: currentBaseUrl() },
    data: {
      applicationType: 'personal',
      ...E2E_IDENTITY,
      firstName: 'Naledi',
      lastName: 'Khumalo',
      businessName: '',
      requestedAmount: 5_000,
      monthlyRevenue,
      useOfFunds: ['equipment_purchase'],
      otherUseOfFunds: '',
      termsAccepted: true,
      manualPlatforms: [
        {
          platform,
          username: '@naledi',
          estimatedFollowers: 4_000,
          estimatedRevenue: monthlyRevenue,
          proofFileId: proof.id,
        },
      ],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { application: { id: number } }).application;
}

async function asAdmin<T>(work: (admin: APIRequestContext) => Promise<T>): Promise<T> {
  const admin = await adminApi();
  try {
    return await work(admin);
  } finally {
    await admin.dispose();
  }
}

/** Follows a link of the top bar (in the menu sheet below 1024 px). */
async function followHeaderLink(page: Page, name: string): Promise<void> {
  await openMenuIfNeeded(page);
  await page
    .getByRole('navigation', { name: 'Main' })
    .filter({ visible: true })
    .getByRole('link', { name })
    .click();
}

async function openDashboard(page: Page): Promise<void> {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
}

test(
  'Monthly Earnings counts a self-declared platform and says so; the Learning panel leads to the quests',
  { tag: '@phone' },
  async ({ page }, testInfo) => {
    await skipTours(page);
    await newCreator(page, testInfo, 'earnings');
    await applyWithSelfDeclaredPlatform(page, 'TikTok', 2_500);
    const quests = (await (await page.request.get('/api/quests')).json()) as Array<{
      title: string;
      prerequisitesMet: boolean;
    }>;
    const firstOpen = quests.find((q) => q.prerequisitesMet);
    expect(firstOpen, 'a fresh creator has a quest to start').toBeDefined();

    await openDashboard(page);
    const earnings = page.getByTestId('earnings-card');
    await expectText(earnings.getByTestId('earnings-total'), 'R 2 500,00');
    const selfDeclared = earnings.getByTestId('earnings-self_declared');
    await expect(selfDeclared).toContainText('Self-declared');
    await expect(selfDeclared).toContainText('TikTok');
    await expect(earnings.getByTestId('earnings-verified')).toHaveCount(0);
    // The e2e server has no YouTube sign-in: only what can be connected is offered.
    await expect(earnings.getByRole('link', { name: 'Connect Visionary', exact: true })).toBeVisible();

    const learning = page.getByTestId('learning-panel');
    await expect(learning.getByRole('heading', { name: 'Learning' })).toBeVisible();
    await expect(learning.getByTestId('quest-level')).toHaveText(/^Level \d+$/);
    await expect(learning.getByTestId('quest-xp')).toHaveText('0 XP total');
    await expect(learning.getByTestId('learning-next-quest')).toHaveText(firstOpen!.title);
    await shoot(page, testInfo, 'f-dashboard-earnings-learning');

    await learning.getByRole('link', { name: 'Open Learning Quests' }).click();
    await expect(page).toHaveURL(/\/learning-quests$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Learning Quests' })).toBeVisible();

    // Creators have the header's Learning Quests link too (it used to be for admins only).
    await followHeaderLink(page, 'Dashboard');
    await expect(page).toHaveURL(/\/dashboard$/);
    await followHeaderLink(page, 'Learning Quests');
    await expect(page).toHaveURL(/\/learning-quests$/);
  },
);

test('the dashboard draws its cards first, and its history once they are on the screen', async ({
  page,
}, testInfo) => {
  await skipTours(page);
  await newCreator(page, testInfo, 'two-passes');
  await submitApplicationByApi(page);
  // When each part first appears, and the frames painted in between (both passes used to be one
  // task, so a phone showed nothing until the history below the fold was ready too).
  await page.addInitScript(() => {
    const seen: Record<string, number> = {};
    const frames: number[] = [];
    const parts = { cards: '[data-tour="credit-score"]', history: '#application-history-heading' };
    new MutationObserver(() => {
      for (const [name, selector] of Object.entries(parts)) {
        if (seen[name] === undefined && document.querySelector(selector)) seen[name] = performance.now();
      }
    }).observe(document, { childList: true, subtree: true });
    // The time each frame's callbacks run (after any task before it), not the frame's start time.
    const tick = () => {
      frames.push(performance.now());
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    Object.assign(window, { dashboardPasses: { seen, frames } });
  });
  await openDashboard(page);
  await expect(page.getByRole('heading', { name: 'Application History' })).toBeVisible();
  const { cards, history, framesBetween } = await page.evaluate(() => {
    const { seen, frames } = (
      window as unknown as { dashboardPasses: { seen: Record<string, number>; frames: number[] } }
    ).dashboardPasses;
    return {
      cards: seen.cards,
      history: seen.history,
      framesBetween: frames.filter((time) => time > seen.cards! && time < seen.history!).length,
    };
  });
  expect(cards, 'the score card was drawn').toBeDefined();
  expect(history!, 'the history comes after the cards').toBeGreaterThan(cards!);
  expect(framesBetween, 'a frame shows the cards before the history is drawn').toBeGreaterThanOrEqual(1);
});

test('the dashboard asks for what it shows once as it opens', async ({ page }, testInfo) => {
  await skipTours(page);
  await newCreator(page, testInfo, 'one-read');
  await submitApplicationByApi(page);
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname.startsWith('/api/')) asked.push(url.pathname);
  });
  await openDashboard(page);
  await expect(page.getByRole('heading', { name: 'Application History' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Apply/ }).first()).toBeVisible();
  const times = (path: string) => asked.filter((p) => p === path).length;
  // The router's loader starts these reads as the page's code loads; the page then finds them in the cache
  // instead of asking again (the list itself is polled every second, so it may come twice).
  expect(times('/api/applications/eligibility'), 'whether the creator may apply').toBe(1);
  expect(times('/api/user'), 'the session').toBe(1);
  expect(
    asked.filter((p) => /^\/api\/applications\/\d+$/.test(p)),
    'the score breakdown',
  ).toHaveLength(1);
});

test('Available Financing offers nothing after a rejection or a cancellation, and says what to do next', async ({
  page,
}, testInfo) => {
  await skipTours(page);
  await newCreator(page, testInfo, 'nothing-to-borrow');
  const rejected = await submitApplicationByApi(page, { requestedAmount: 5_000 });
  await asAdmin(async (admin) => {
    const res = await admin.patch(`/api/admin/applications/${rejected.id}`, {
      data: { status: 'rejected', rejectionReason: 'We could not confirm your monthly revenue.' },
    });
    expect(res.status(), await res.text()).toBe(200);
  });

  await openDashboard(page);
  const financing = page.getByTestId('financing-card');
  await expect(financing.getByTestId('financing-amount')).toHaveText('Nothing to borrow');
  await expect(financing).toContainText('Rejected'); // the status badge, in the one status vocabulary
  await expect(financing).toContainText('We could not confirm your monthly revenue.');
  await expect(financing).not.toContainText('5 000');
  await expect(financing.getByRole('link', { name: 'Connect platforms' })).toHaveAttribute(
    'href',
    '/settings',
  );
  await shoot(page, testInfo, 'f-financing-rejected', financing);

  // Applying again, then cancelling: the card does not fall back to the older figures.
  const cancelled = await submitApplicationByApi(page, { requestedAmount: 7_000 });
  const cancel = await page.request.post(`/api/applications/${cancelled.id}/cancel`, {
    headers: { origin: currentBaseUrl() },
    data: { reason: 'I found the money elsewhere.' },
  });
  expect(cancel.status(), await cancel.text()).toBe(200);
  await openDashboard(page);
  await expect(financing.getByTestId('financing-amount')).toHaveText('Nothing to borrow');
  await expect(financing).toContainText('This application was cancelled');
  await expect(financing).not.toContainText('7 000');
  await shoot(page, testInfo, 'f-financing-cancelled', financing);

  await financing.getByRole('link', { name: 'Apply again' }).click();
  await expect(page).toHaveURL(/\/apply$/);
});

test('a score an admin set says so instead of showing parts that do not add up', async ({
  page,
}, testInfo) => {
  await skipTours(page);
  await newCreator(page, testInfo, 'admin-score');
  const application = await submitApplicationByApi(page);
  await asAdmin(async (admin) => {
    // A score change waits for the second admin (decision 028).
    await approvedBySecondAdmin(
      await admin.patch(`/api/admin/applications/${application.id}`, { data: { creditScore: 93 } }),
    );
  });

  await openDashboard(page);
  const score = page.getByTestId('score-card');
  await expect(score).toContainText(/93\s*\/100/);
  await expect(score.getByTestId('score-set-by-admin')).toContainText('Set by an admin');
  await expect(score.getByRole('list', { name: 'Score breakdown' })).toHaveCount(0);
  await expect(score.getByText('How to raise your score')).toHaveCount(0);
  await shoot(page, testInfo, 'f-score-admin-set', score);
});

test(
  'on a phone the Apply bar covers nothing: it spans the bottom, leaves the end of the page free and steps aside for typing',
  { tag: '@phone' },
  async ({ page }, testInfo) => {
    await skipTours(page);
    await newCreator(page, testInfo, 'fab');
    await openDashboard(page);
    const fab = page.getByRole('link', { name: 'Apply for Financing', exact: true });
    if ((page.viewportSize()?.width ?? 1280) >= 640) {
      await expect(fab).toBeHidden();
      return;
    }
    await expect(fab).toBeVisible();
    // The history is drawn after the cards (a second pass): the page has its full length once it shows.
    await expect(page.getByRole('heading', { name: 'Application History' })).toBeVisible();
    // Parts drawn later can still lengthen the page after a scroll: scroll until the end of the page stays in view,
    // as a person scrolling to the bottom would.
    await expect
      .poll(() =>
        page.evaluate(async () => {
          window.scrollTo(0, document.documentElement.scrollHeight);
          await new Promise((settled) => requestAnimationFrame(() => setTimeout(settled, 100)));
          return Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight;
        }),
      )
      .toBe(true);
    const footerLinks = page.getByRole('contentinfo').getByRole('link');
    const last = footerLinks.last();
    await expect(last).toBeInViewport();
    const fabBox = (await fab.boundingBox())!;
    for (const link of await footerLinks.all()) {
      const box = (await link.boundingBox())!;
      const overlaps =
        box.x < fabBox.x + fabBox.width &&
        fabBox.x < box.x + box.width &&
        box.y < fabBox.y + fabBox.height &&
        fabBox.y < box.y + box.height;
      expect(overlaps, `the floating button covers "${await link.textContent()}"`).toBe(false);
    }
    // The page's last words (the footer's copyright line) end above the button.
    const copyright = (await page
      .getByRole('contentinfo')
      .getByText(/All rights reserved/)
      .boundingBox())!;
    expect(copyright.y + copyright.height).toBeLessThanOrEqual(fabBox.y);
    await shoot(page, testInfo, 'f-fab-end-of-page');
    // A bar across the whole width with a solid background: nothing beside it or through it can be half covered.
    const bar = page.locator('[data-floating-action]');
    const barBox = (await bar.boundingBox())!;
    expect(barBox.x).toBe(0);
    expect(barBox.width).toBe(page.viewportSize()!.width);
    expect(barBox.y + barBox.height).toBe(page.viewportSize()!.height);
    expect(await bar.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 255, 255)');
    // Typing to the advisor: the phone's keyboard would push the bar over the field, so it steps aside.
    const question = page.getByRole('textbox', { name: 'Ask the Creative Advisor' });
    await question.focus();
    await expect(fab).toBeHidden();
    await question.blur();
    await expect(fab).toBeVisible();
  },
);

test('disconnecting a verified platform asks first; keeping it changes nothing', async ({
  page,
}, testInfo) => {
  await skipTours(page);
  await newCreator(page, testInfo, 'disconnect');
  await page.goto('/settings');
  const visionary = page.getByRole('region', { name: 'Visionary', exact: true });
  const visionaryEmail = uniqueEmail(testInfo, 'visionary');
  await visionary.getByRole('button', { name: 'Connect Visionary' }).click();
  await visionary.getByLabel('Visionary email').fill(visionaryEmail);
  await visionary.getByRole('button', { name: 'Send Code' }).click();
  await expect(toast(page, 'Verification Code Sent')).toBeVisible();
  await visionary.getByLabel('Verification code').fill(await latestCodeFor(page.request, visionaryEmail));
  await visionary.getByRole('button', { name: 'Verify Code' }).click();
  await expect(toast(page, 'Verification Successful')).toBeVisible();

  const disconnect = page.getByRole('button', { name: 'Disconnect Visionary' });
  await disconnect.click();
  const confirm = page.getByRole('alertdialog', { name: 'Disconnect Visionary?' });
  await expect(confirm).toContainText('verified connection');
  await shoot(page, testInfo, 'f-disconnect-confirm');
  await confirm.getByRole('button', { name: 'Keep Visionary' }).click();
  await expect(confirm).toBeHidden();
  await expect(disconnect).toBeFocused();
  await expect(toast(page, 'Platform Disconnected')).toHaveCount(0);

  await disconnect.click();
  await confirm.getByRole('button', { name: 'Disconnect', exact: true }).click();
  await expect(toast(page, 'Platform Disconnected')).toBeVisible();
  await expect(disconnect).toHaveCount(0);
});
