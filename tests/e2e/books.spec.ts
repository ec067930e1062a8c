// The books (issue 34 item 5; docs/accounting.md): an admin reaches Books from the Admin Panel by its link, reads the
// trial balance, closes the month next to close behind its confirmation, reads the books as that month closed,
// records capital received and downloads the journals for Xero. Months close in order and once across the whole
// run (the phone project closes the next one), so the month is read from the API in the same moment.
import { readFile } from 'node:fs/promises';
import { expect } from '@playwright/test';
import { periodEnd, periodLabel } from '../../src/shared/ledger/chart-of-accounts';
import type { PeriodsAnswer } from '../../src/shared/schemas/books';
import { openAdminPanelByLinks, testWithAdminApi } from './support/admin';
import { expectNoHorizontalOverflow, expectNoSeriousAxeViolations } from './support/lending';
import { shot } from './support/servicing';

const test = testWithAdminApi;

test(
  'an admin closes the next month, reads the books as it closed, records capital and downloads the journals',
  { tag: '@phone' },
  async ({ page, admin }, testInfo) => {
    test.setTimeout(120_000);
    await openAdminPanelByLinks(page);
    await page.getByRole('link', { name: 'Books' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Books' })).toBeVisible();
    const trialBalance = page.getByRole('table', { name: /^Trial balance at the end of/ });
    await expect(trialBalance).toBeVisible();
    await expect(page.getByText(/^Balanced at the end of/)).toBeVisible();
    await expect(trialBalance.getByRole('row', { name: /1000 Bank/ })).toBeVisible();

    // The month to close is the API's answer now (another project may have closed one before).
    const periods = (await (await admin.get('/api/admin/books/periods')).json()) as PeriodsAnswer;
    const next = periods.nextToClose!;
    expect(periods.periods.find((p) => p.period === next)?.closable).toBe(true);
    const label = periodLabel(next);
    const row = page.getByTestId(`period-${next}`);
    await row.getByRole('button', { name: `Close ${label}` }).click();
    const confirm = page.getByRole('alertdialog', { name: `Close ${label}?` });
    await expect(confirm).toContainText('A closed month is not reopened.');
    await shot(confirm, 'books-close-confirm');
    await confirm.getByRole('button', { name: `Close ${label}` }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('region', { name: /Notifications/ })).toContainText(`${label} closed`);
    await expect(row).toContainText('Closed');
    await expect(row).toContainText('by Ayanda Mokoena');
    await expect(row.getByRole('button')).toHaveCount(0);

    // The books as that month closed: from its kept balances, still balanced.
    await page.getByLabel('At the end of').fill(periodEnd(next));
    await expect(page).toHaveURL(new RegExp(`asOf=${periodEnd(next)}`));
    await expect(
      page.getByText(new RegExp(`From the close of ${label} and what was booked after it`)),
    ).toBeVisible();
    await expect(page.getByText(/^Balanced at the end of/)).toBeVisible();
    await page.getByRole('button', { name: 'Today', exact: true }).click();
    await expect(page).not.toHaveURL(/asOf=/);

    // Capital received: the dialog's own checks first, then the server's answer.
    await page.getByRole('button', { name: 'Record capital' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record capital received' });
    await dialog.getByRole('button', { name: 'Record capital' }).click();
    await expect(dialog.getByText('Reference is required', { exact: false })).toBeVisible();
    await dialog.getByLabel('Amount (R)').fill('100000');
    await dialog.getByLabel('Reference').fill(`Funding tranche (${testInfo.project.name})`);
    await shot(dialog, 'books-capital-dialog');
    await dialog.getByRole('button', { name: 'Record capital' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('region', { name: /Notifications/ })).toContainText(
      /R\s100\s000,00 of capital received/,
    );

    await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
    await expectNoHorizontalOverflow(page);
    await shot(page, 'books-page');
    await expectNoSeriousAxeViolations(page, 'the books');

    // Last month's daily journals for Xero, as the server writes them.
    const downloadButton = page.getByRole('button', { name: 'Download CSV' });
    const [download] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
    expect(download.suggestedFilename()).toMatch(
      /^vuka-daily-journals-xero-\d{4}-\d{2}-01-to-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const text = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    expect(text.split('\r\n')[0]).toBe('*Narration,*Date,Description,*AccountCode,*TaxRate,*Amount');
    await expect(page.getByRole('region', { name: /Notifications/ })).toContainText('Journals downloaded');
  },
);
