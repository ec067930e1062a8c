// The NCR statistical return (Form 39): an admin reaches the Admin Panel's Reports tab by the app's
// own links, picks the running quarter, reads the figures the server adds up (after this test paid out a loan and
// declined an application), and downloads the CSV. The return counts the whole book, which other journeys write to
// as well, so the screen and the file are held to the API's answer read in the same moment, and this test's own
// loan and rejection must be in those figures.
import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { previousQuarter, quarterLabel, quarterOf } from '../../src/shared/compliance/form39';
import type { Form39Answer } from '../../src/shared/schemas/reports';
import {
  activateByApi,
  creatorWithApplication,
  openAdminPanelByLinks,
  testWithAdminApi,
} from './support/admin';
import { enterDemoAdminSession } from './support/admin-session';
import { currentBaseUrl, southAfricanToday } from './support/creator';
import { expectNoHorizontalOverflow, expectNoSeriousAxeViolations } from './support/lending';
import { markToursSeen } from './support/mailbox';
import { shot } from './support/servicing';

const test = testWithAdminApi;

async function form39(admin: APIRequestContext, quarter: string): Promise<Form39Answer> {
  const res = await admin.get(`/api/admin/reports/form-39?quarter=${quarter}`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Form39Answer;
}

/** The figure cells of a line item in the table captioned `caption` (its row header names the line). */
function line(page: Page, caption: string, item: string) {
  return page
    .getByRole('table', { name: caption })
    .getByRole('row', { name: new RegExp(`^${item.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`) });
}

test('an admin opens the NCR return from the Admin Panel, picks the running quarter and downloads the CSV', async ({
  page,
  admin,
}, testInfo) => {
  const quarter = quarterOf(southAfricanToday());

  // This test's book: one loan paid out today (R12 000, R9 000 a month) and one application declined with a reason.
  const borrower = await creatorWithApplication(testInfo, 'form39-loan');
  await activateByApi(borrower.application.id, borrower.api);
  const declined = await creatorWithApplication(testInfo, 'form39-declined', { requestedAmount: 5_000 });
  const reason = `Your channel is too new for us to lend on (${testInfo.project.name}).`;
  const rejected = await admin.patch(`/api/admin/applications/${declined.application.id}`, {
    data: { status: 'rejected', rejectionReason: reason },
  });
  expect(rejected.status(), await rejected.text()).toBe(200);
  await Promise.all([borrower.api.dispose(), declined.api.dispose()]);

  // The return counts the whole book, which other journeys change at the same moment: one that moves its loan's
  // history back in time takes that loan's payout out of this quarter, so a count read before this test's payout may
  // be no lower than one read after it. The exact sums are the API tests' (tests/api/form39.test.ts, a book of their
  // own); here this test's payout and its rejection, with its own reason, are in the return.
  const after = await form39(admin, quarter);
  expect(after.granted.total.count).toBeGreaterThanOrEqual(1);
  expect(after.applications.received).toBeGreaterThanOrEqual(2);
  expect(after.applications.declinedByReason).toContainEqual({ reason, count: 1 });

  // By the app's own links: the header's Admin Panel, then the Reports tab.
  await openAdminPanelByLinks(page);
  await page.getByRole('tab', { name: 'Reports' }).click();
  await expect(
    page.getByRole('heading', { level: 2, name: 'NCR statistical return (Form 39)' }),
  ).toBeVisible();

  // The quarter picker, by keyboard: the running quarter is offered and labelled so.
  const picker = page.getByLabel('Quarter', { exact: true });
  await expect(picker).toBeEnabled();
  await picker.focus();
  await page.keyboard.press('Enter');
  const running = page.getByRole('option', { name: `${quarterLabel(quarter)} (running)` });
  await expect(running).toBeVisible();
  await running.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`[?&]quarter=${quarter}(&|$)`));
  await expect(page.getByText(/The quarter is still running/)).toBeVisible();

  // The screen shows what the server answers now (other journeys may add to the book meanwhile: read it again).
  const now = await form39(admin, quarter);
  await expect(line(page, 'Agreements granted by class', 'Total')).toContainText(
    String(now.granted.total.count),
  );
  await expect(page.getByRole('table', { name: 'Declined by reason' })).toContainText(reason);
  await expect(page.getByRole('table', { name: /^Book in arrears at / })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Agreements granted by gross monthly income' })).toContainText(
    'Over R5 500 up to R10 000',
  );
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
  await expectNoHorizontalOverflow(page);
  await shot(page, 'ncr-return-top');
  await shot(page.getByRole('tabpanel'), 'ncr-return-figures');
  await expectNoSeriousAxeViolations(page, 'the NCR return');

  // The CSV as the server writes it: the header, one row per line item, the totals.
  const downloadButton = page.getByRole('button', { name: 'Download CSV' });
  const [download] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
  expect(download.suggestedFilename()).toBe(`ncr-form-39-${quarter}.csv`);
  const text = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
  const rows = text.split('\r\n');
  expect(rows[0]).toBe('quarter,section,item,count,value');
  expect(rows.filter((r) => r.includes(',Total,'))).toHaveLength(4);
  expect(rows).toContain(`${quarter},Declined by reason,${reason},1,`);
  expect(rows.every((r, i) => i === 0 || r.startsWith(`${quarter},`))).toBe(true);
  await expect(page.getByRole('region', { name: /Notifications/ })).toContainText('Return downloaded');
  await expect(downloadButton).toBeEnabled();
});

test('a link to a quarter not yet begun shows the reason, and a way to the last quarter that has ended', async ({
  page,
}) => {
  await markToursSeen(page);
  await enterDemoAdminSession(page, currentBaseUrl());
  await page.goto('/admin?tab=reports&quarter=2999-Q1');
  await expect(
    page.getByText('2999-Q1 has not begun: a return is made for a quarter that has started.'),
  ).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await shot(page.getByRole('tabpanel'), 'ncr-return-error');
  await page.getByRole('button', { name: 'Show the last quarter that has ended' }).click();
  const lastEnded = previousQuarter(quarterOf(southAfricanToday()));
  await expect(page.getByLabel('Quarter', { exact: true })).toHaveText(quarterLabel(lastEnded));
  await expect(page).not.toHaveURL(/quarter=/);
  await expect(page.getByText(/The book is read as it stood at the end of/)).toBeVisible();
});
