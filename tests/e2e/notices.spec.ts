// E-mail notices (docs/notices.md): the creator turns payment reminders off and on in Settings, the card says
// which notices always come, and a notice the app wrote is readable in the development mailbox.
import { mkdirSync } from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { newCreator, rand, skipTours, submitApplicationByApi } from './support/creator';
import { latestMailMatching, normalised, openMenuIfNeeded, toast } from './support/mailbox';

test.describe.configure({ mode: 'parallel' });

const SHOTS = process.env.SHOTS_DIR;

/** With SHOTS_DIR set, a screenshot (of the page as seen, or of one element) for a person to look at. */
async function shot(target: Page | Locator, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await target.screenshot({ path: `${SHOTS}/${name}-${test.info().project.name}.png` });
}

/** From the dashboard to Settings by the header's link (in the menu sheet on phones). */
async function openSettingsByLink(page: Page) {
  await page.goto('/dashboard');
  await openMenuIfNeeded(page);
  await page.getByRole('link', { name: 'Settings', exact: true }).filter({ visible: true }).first().click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
}

test(
  'payment reminders turn off and on in Settings; receipts and loan notices stay on',
  { tag: '@phone' },
  async ({ page }, testInfo) => {
    await skipTours(page);
    await newCreator(page, testInfo, 'notices-switch');
    await openSettingsByLink(page);
    const card = page.getByRole('region', { name: 'Email Notices' });
    const reminders = card.getByRole('switch', { name: 'Payment reminders' });
    await expect(reminders).toBeChecked();
    await expect(card.getByText('Always sent', { exact: true })).toBeVisible();
    await expect(card.getByText('A receipt for every payment, with your new balance')).toBeVisible();
    await expect(
      card.getByText('Overdue notices at 1, 30 and 60 days past due, and a notice of default'),
    ).toBeVisible();
    await shot(card, 'notices-card-on');

    await reminders.click();
    await expect(toast(page, 'Payment reminders off')).toBeVisible();
    await expect(reminders).not.toBeChecked();
    await shot(page, 'notices-settings-off');
    await shot(card, 'notices-card-off');

    // The choice is the server's: it is still off after a reload.
    await page.reload();
    await expect(reminders).not.toBeChecked();
    await reminders.click();
    await expect(toast(page, 'Payment reminders on')).toBeVisible();
    await page.reload();
    await expect(reminders).toBeChecked();
  },
);

test('the application-received notice is in the development mailbox, with the amount in rand', async ({
  page,
}, testInfo) => {
  await skipTours(page);
  const creator = await newCreator(page, testInfo, 'notices-mailbox');
  const app = await submitApplicationByApi(page, { requestedAmount: 7_500 });
  const text = await latestMailMatching(
    page.request,
    creator.email,
    /We received your Vuka Capital application/,
  );
  expect(normalised(text)).toContain(`Amount requested: ${rand(7500)}`);
  expect(text).toContain(`application #${app.id}`);

  await page.goto('/dev/mailbox');
  const notice = page
    .getByRole('article')
    .filter({ hasText: `We received your Vuka Capital application #${app.id}` });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(creator.email);
  await notice.scrollIntoViewIfNeeded();
  await shot(page, 'notices-mailbox');
});
