// Vintage curves (docs/accounting.md, "Vintage curves"): an admin reaches the Admin Panel's Reports tab
// by the app's own links, reads the curves of the payout months (the chart, and the table that gives its figures to
// everyone), switches to collections, computes them afresh and downloads the CSV. The demo book and the other
// journeys pay out loans, so the screen is held to the API's answer read in the same moment.
import { readFile } from 'node:fs/promises';
import { expect } from '@playwright/test';
import { formatMonth } from '../../src/shared/format';
import type { Vintages } from '../../src/shared/schemas/reports';
import { openAdminPanelByLinks, testWithAdminApi } from './support/admin';
import { expectNoHorizontalOverflow, expectNoSeriousAxeViolations } from './support/lending';
import { shot } from './support/servicing';

const test = testWithAdminApi;

// At 1280 px: at 390 px the chart and its table are tests/e2e/admin-phone.spec.ts's.
test('an admin reads the vintage curves by payout month, switches to collections and computes them afresh', async ({
  page,
  admin,
}) => {
  await openAdminPanelByLinks(page);
  await page.getByRole('tab', { name: 'Reports' }).click();
  const card = page.getByRole('region', { name: 'Vintage curves' });
  await card.scrollIntoViewIfNeeded();

  const read = await admin.get('/api/admin/reports/vintages');
  expect(read.status(), await read.text()).toBe(200);
  const vintages = (await read.json()) as Vintages;
  const newest = vintages.cohorts.at(-1)!;
  expect(newest, 'the demo book has loans paid out in the last two years').toBeTruthy();

  // The chart draws a line per payout month (at most twelve); the table reads every month's figures.
  const chart = page.getByTestId('vintage-chart');
  await expect(chart.locator('path.recharts-line-curve')).toHaveCount(Math.min(12, vintages.cohorts.length));
  const table = page.getByRole('table', {
    name: /^Cumulative default \(share of principal\) by payout month/,
  });
  await expect(table.getByRole('row')).toHaveCount(vintages.cohorts.length + 1);
  await expect(
    table.getByRole('row', { name: new RegExp(`^${formatMonth(newest.cohort)}\\b`) }),
  ).toBeVisible();
  await expect(card.getByText(/They are computed once a day/)).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await shot(card, 'reports-vintages');

  // Collections instead of defaults: the same payout months, read as the share collected.
  await card.getByLabel('Curve').click();
  await page.getByRole('option', { name: /^Cumulative collections/ }).click();
  await expect(
    page.getByRole('table', { name: /^Cumulative collections \(share of what is owed\) by payout month/ }),
  ).toBeVisible();

  // Computed afresh: the card says when.
  await card.getByRole('button', { name: 'Compute now' }).click();
  await expect(page.getByRole('region', { name: /Notifications/ })).toContainText('Vintage curves computed');
  const fresh = (await (await admin.get('/api/admin/reports/vintages')).json()) as Vintages;
  expect(Date.parse(fresh.computedAt)).toBeGreaterThanOrEqual(Date.parse(vintages.computedAt));

  // The CSV, as the server writes it.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: 'Vintages CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^vuka-vintages-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
  expect(text.split('\r\n')[0]).toBe(
    'As at,Payout month,Months on book,Loans,Principal,Owed,Defaulted loans,Defaulted principal,Default rate (%),Collected,Collection rate (%)',
  );
  await expectNoSeriousAxeViolations(page, 'the vintage curves');
});
