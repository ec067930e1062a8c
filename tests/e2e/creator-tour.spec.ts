// The onboarding tour: it starts on the first visit to a section
// with steps (dashboard, apply), has a close button and no step badge, is at most 353 px wide, and each
// section's tour shows once (remembered in localStorage 'completed-tours').
import { expect, type Page, test } from '@playwright/test';
import { newCreator } from './support/creator';

test.describe.configure({ mode: 'parallel' });

const POPOVER = '.driver-popover';
const MAX_POPOVER_WIDTH = 353;

async function completedTours(page: Page): Promise<unknown> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('completed-tours') ?? '[]'));
}

async function expectPopoverShape(page: Page): Promise<void> {
  const popover = page.locator(POPOVER);
  const box = await popover.boundingBox();
  expect(box, 'the tour popover is laid out').not.toBeNull();
  expect(box!.width).toBeLessThanOrEqual(MAX_POPOVER_WIDTH);
  await expect(popover.getByRole('button', { name: 'Close tour' })).toBeVisible();
  await expect(popover.locator('.driver-popover-progress-text')).toBeHidden();
}

test(
  'the first dashboard visit shows the tour; once closed it does not come back after a reload',
  { tag: '@phone' },
  async ({ page }, testInfo) => {
    await newCreator(page, testInfo, 'tour');
    await page.goto('/dashboard');
    const popover = page.locator(POPOVER);
    await expect(popover).toBeVisible();
    await expect(popover).toContainText('Your creditworthiness score');
    await expectPopoverShape(page);

    await popover.getByRole('button', { name: 'Close tour' }).click();
    await expect(popover).toHaveCount(0);
    expect(await completedTours(page)).toContain('dashboard');

    // After the reload, note any popover that appears at any moment, not only at the end.
    await page.addInitScript(() => {
      new MutationObserver(() => {
        if (document.querySelector('.driver-popover')) (window as { tourShown?: boolean }).tourShown = true;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.reload();
    await expect(page.getByTestId('score-card')).toHaveAttribute('data-tour', 'credit-score');
    // The tour looks for its first target every 250 ms; two more polls of the list (1 s apart) give it ample
    // time to have appeared, without a fixed sleep.
    for (let poll = 0; poll < 2; poll++) {
      await page.waitForResponse((r) => new URL(r.url()).pathname === '/api/applications');
    }
    await expect(popover).toHaveCount(0);
    expect(await page.evaluate(() => (window as { tourShown?: boolean }).tourShown ?? false)).toBe(false);
  },
);

test('the first visit to the application page shows its tour, starting with connecting platforms', async ({
  page,
}, testInfo) => {
  await newCreator(page, testInfo, 'tour-apply');
  await page.goto('/apply');
  await expect(page.getByRole('heading', { name: 'Apply for Creator Financing' })).toBeVisible();
  const popover = page.locator(POPOVER);
  await expect(popover).toBeVisible();
  await expect(popover).toContainText('Connect your creative platforms');
  await expectPopoverShape(page);

  await popover.getByRole('button', { name: 'Close tour' }).click();
  await expect(popover).toHaveCount(0);
  expect(await completedTours(page)).toContain('apply');
});
