// The dashboard's loans as a creator reads them: a repaid loan is not an "active" plan and its amount is not money
// on offer; the plans come before the advisor; the time left is counted from the instalments; badges fit a phone.
// The demo creators are read, never changed.
import { expect, type Page, test } from '@playwright/test';
import { MAX_REQUESTED_AMOUNT, MIN_REQUESTED_AMOUNT } from '../../src/shared/constants';
import { formatDateTimeSast, formatZarWhole } from '../../src/shared/format';
import {
  applicationEntry,
  newCreator,
  signInByApi,
  skipTours,
  submitApplicationByApi,
} from './support/creator';
import { expectNoHorizontalOverflow } from './support/lending';
import { CREATOR_PASSWORD } from './support/mailbox';
import { instalmentRows, shot } from './support/servicing';

test.describe.configure({ mode: 'parallel' });

async function openDashboardAs(page: Page, username: string): Promise<void> {
  await skipTours(page);
  await signInByApi(page, username, CREATOR_PASSWORD);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Application History' })).toBeVisible();
}

/** Every badge on the page lies inside the viewport's width: a long one wraps rather than pushing out. */
async function expectBadgesInside(page: Page): Promise<void> {
  const width = page.viewportSize()!.width;
  const { shown, outside } = await page.evaluate((viewport) => {
    const badges = [...document.querySelectorAll<HTMLElement>('[data-slot="badge"]')].filter(
      (badge) => badge.getClientRects().length > 0,
    );
    return {
      shown: badges.length,
      outside: badges
        .filter((badge) => {
          const box = badge.getBoundingClientRect();
          return box.left < 0 || box.right > viewport;
        })
        .map((badge) => badge.textContent),
    };
  }, width);
  expect(shown, 'badges on the page').toBeGreaterThan(0);
  expect(outside, 'badges past the edge of the screen').toEqual([]);
}

test('a loan settled early reads Repaid: its own heading, Settled instalments, and the card offers new financing', {
  tag: '@phone',
}, async ({ page }) => {
  await openDashboardAs(page, 'zanele@vuka.demo');
  const repaid = page.getByRole('region', { name: 'Repaid Financing' });
  await expect(repaid).toBeVisible();
  // Nothing about it is active: no Active Repayment Plans, no "Payment Schedule Active" beside Repaid.
  await expect(page.getByRole('region', { name: 'Active Repayment Plans' })).toHaveCount(0);
  await expect(page.getByText('Payment Schedule Active')).toHaveCount(0);
  const card = repaid.locator('li[data-testid^="plan-card-"]');
  await expect(card.getByText('Repaid', { exact: true }).first()).toBeVisible();
  // Seven instalments paid; the settlement closed the other five before they fell due: they read Settled, and
  // the count says so. The loan was repaid in full, not '96% repaid'.
  const rows = instalmentRows(page, card);
  await expect(rows).toHaveCount(12);
  const texts = await rows.allTextContents();
  expect(texts.map((row) => (row.includes('Settled') ? 'settled' : 'paid'))).toEqual([
    ...Array(7).fill('paid'),
    ...Array(5).fill('settled'),
  ]);
  for (const row of texts.slice(7)) expect(row).not.toMatch(/\bPaid\b/);
  await expect(card.getByText('7 paid, 5 settled')).toBeVisible();
  await expect(card.getByText('Repaid in full', { exact: true })).toHaveCount(2);
  await expect(card.getByText(/\d+% repaid/)).toHaveCount(0);

  // Available Financing: the product's range, with the repaid loan named for what it was.
  const financing = page.getByTestId('financing-card');
  await expect(financing.getByTestId('financing-amount')).toHaveText(
    `${formatZarWhole(MIN_REQUESTED_AMOUNT)} – ${formatZarWhole(MAX_REQUESTED_AMOUNT)}`,
  );
  await expect(financing).toContainText(`Your financing of ${formatZarWhole(10_000)} is repaid in full.`);
  await expectBadgesInside(page);
  await expectNoHorizontalOverflow(page);
  await shot(page.getByTestId('financing-card'), 'financing-card-repaid');
  await shot(repaid, 'plans-repaid');
});

test('a loan being repaid comes before the advisor, with the time left counted from its instalments', {
  tag: '@phone',
}, async ({ page }) => {
  await openDashboardAs(page, 'bongani@vuka.demo');
  const plans = page.getByRole('region', { name: 'Active Repayment Plans' });
  await expect(plans).toBeVisible();
  const advisor = page.getByRole('heading', { name: 'Creative Advisor' });
  const plansBox = (await plans.boundingBox())!;
  const advisorBox = (await advisor.boundingBox())!;
  expect(plansBox.y, 'the plans start above the advisor').toBeLessThan(advisorBox.y);

  // Behind on a plan: the tile names how many instalments are open and the month of the last.
  const left = plans.getByTestId('instalments-left').first();
  await expect(left).toHaveText(
    /^\d+ instalments? (left, (the last )?due in|unpaid, the last fell due in) [A-Z][a-z]+ \d{4}$/,
  );
  await expect(page.getByText(/About \d+ months? remaining/)).toHaveCount(0);
  await expectBadgesInside(page);
  await expectNoHorizontalOverflow(page);
  await shot(page, 'dashboard-plans-first');
});

test(
  'an application under review opens on a timeline: received, under review, decision due by',
  {
    tag: '@phone',
  },
  async ({ page }, testInfo) => {
    await skipTours(page);
    await newCreator(page, testInfo, 'review-timeline');
    const application = await submitApplicationByApi(page);
    await page.goto('/dashboard');
    const entry = applicationEntry(page, application.id);
    await expect(entry).toContainText('Under Review');
    const opener = entry.getByRole('button', { name: 'View Details' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Application Details' });
    const timeline = dialog.getByTestId('review-timeline');
    const received = new Date(application.createdAt);
    const dueBy = new Date(received.getTime() + 48 * 60 * 60 * 1000);
    await expect(timeline.getByRole('listitem')).toHaveText([
      `Received${formatDateTimeSast(received)}`,
      'Under reviewWe are checking your application now.',
      `Decision due by${formatDateTimeSast(dueBy)}, 48 hours after we received it. We e-mail you when it is made.`,
    ]);
    await expect(timeline.locator('[aria-current="step"]')).toContainText('Under review');
    await shot(dialog, 'review-timeline');
    // Escape closes it and gives focus back to the button that opened it.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  },
);

test('a creator 45 days late is not Good: the score today counts the repayment history and says why', {
  tag: '@phone',
}, async ({ page }) => {
  await openDashboardAs(page, 'bongani@vuka.demo');
  const card = page.getByTestId('score-card');
  // Scored 70 (Good) when he applied; 45 days late takes 25 points off today.
  await expect(card).toContainText(/45\s*\/100/);
  await expect(card.getByText('Fair', { exact: true })).toBeVisible();
  await expect(card.getByTestId('score-today-note')).toHaveText(
    'Down from 70 when you applied, because of your repayment history with us.',
  );
  const history = card.getByTestId('score-history');
  await expect(history).toContainText('Repayment history with Vuka');
  await expect(history).toContainText('\u221225 points');
  await expect(history).toContainText(/Financing #\d+ is 45 days late/);
  await card.getByRole('button', { name: 'How to raise your score' }).click();
  await expect(
    card.getByRole('listitem').filter({ hasText: /^Pay what is overdue on financing #\d+ \(\+25 points\)$/ }),
  ).toBeVisible();
  await shot(card, 'score-today-late');
});
