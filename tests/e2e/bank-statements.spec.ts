// Bank statement import and the suspense worklist (docs/bank-statements.md), at 1280 px (the pages at 390 px are
// admin-phone.spec.ts's): the admin goes from the Admin Panel to Operations by its link, imports an FNB CSV on the Bank tab, sees
// the import's summary and its lines (the matched payment opens the loan's Application Details, where the payment
// is listed), then allocates the unmatched deposit from the Suspense tab to the loan and sees what happened to it.
import { expect, test } from '@playwright/test';
import { paymentReferenceFor } from '../../src/shared/finance/payment-reference';
import { openAdminTab, visibleToast } from './support/admin';
import { activeLoan } from './support/admin-servicing';
import { adminApi, southAfricanToday } from './support/creator';
import { expectNoHorizontalOverflow, expectNoSeriousAxeViolations, nameToken } from './support/lending';
import { shortDate, shot } from './support/servicing';

test.describe.configure({ mode: 'parallel' });

test('an admin imports a bank statement, sees the matched payment on the loan, and allocates a suspense item', async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  const token = nameToken();
  const admin = await adminApi();
  const loan = await activeLoan(testInfo, admin, { firstName: 'Thandi', lastName: token });
  await admin.dispose();
  await loan.api.dispose();
  const today = southAfricanToday();
  const reference = paymentReferenceFor(loan.applicationId);
  const day = today.replaceAll('-', '/');
  const csv = [
    '2,"Vuka Capital (Pty) Ltd"',
    '3,"Business Cheque Account","62XXXXXX4821"',
    'Date,Amount,Balance,Description',
    `${day},500.00,10500.00,FNB APP PAYMENT T ${token.toUpperCase()} ${reference}`,
    `${day},250.00,10750.00,ADT CASH DEPOSIT ${token.toUpperCase()} NO REF`,
    `${day},-35.00,10715.00,#MONTHLY ACCOUNT FEE ${token.toUpperCase()}`,
  ].join('\n');

  // From the Admin Panel to Operations by the app's own link, then the Bank tab.
  await openAdminTab(page, 'Overview');
  await page.getByRole('link', { name: 'Operations' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Operations' })).toBeVisible();
  await page.getByRole('tab', { name: 'Bank' }).click();
  await expect(page.getByRole('heading', { name: 'Import a bank statement' })).toBeVisible();

  // No file: told so, nothing sent.
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByText('Choose the statement file')).toBeVisible();

  await page.getByLabel('Statement file').setInputFiles({
    name: `fnb-${token}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(visibleToast(page, 'Statement imported')).toBeVisible();
  await expect(page.getByRole('status', { name: /^Import #\d+$/ })).toContainText(
    '3 lines; 1 matched, 0 suggested, 1 to suspense, 0 already imported, 0 failed.',
  );
  const lines = page.getByRole('region', { name: /^Lines of import #\d+$/ });
  await expect(lines.getByTestId('summary-matched')).toHaveText('1');
  await expect(lines.getByTestId('summary-suspense')).toHaveText('1');
  await expect(lines.getByTestId('summary-outgoing')).toHaveText('1');
  await expect(lines.getByTestId('summary-duplicates')).toHaveText('0');
  await expect(lines.getByText('Matched', { exact: true }).first()).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousAxeViolations(page, 'the Bank tab after an import');
  await shot(page, 'bank-import-summary');
  await shot(lines, 'bank-import-lines');

  // The matched line opens the loan: the payment is there, on the bank's day.
  await page
    .getByRole('button', { name: `Open application #${loan.applicationId} (${reference})` })
    .first()
    .click();
  const details = page.getByRole('dialog', { name: 'Application Details' });
  await expect(details.getByTestId('details-payments')).toContainText(shortDate(today));
  await expect(
    details.getByTestId('details-payments').getByRole('button', { name: /Reverse payment #/ }),
  ).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();

  // The deposit without a reference waits in suspense: to the worklist from the import, and allocate it to the loan.
  await page.getByRole('button', { name: 'Open the suspense worklist' }).click();
  await expect(page.getByRole('tab', { name: 'Suspense' })).toHaveAttribute('aria-selected', 'true');
  await page.getByLabel('Search').fill(token);
  const item = page.getByRole('listitem', { name: /^Suspense item #\d+$/ });
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(`ADT CASH DEPOSIT ${token.toUpperCase()} NO REF`);
  await expectNoHorizontalOverflow(page);
  await shot(page, 'suspense-worklist');
  await item.getByRole('button', { name: /^Allocate suspense item/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Allocate to a loan' });
  await expect(dialog.getByTestId('suspense-figures')).toContainText('250,00');
  await dialog.getByRole('button', { name: 'Allocate' }).click();
  await expect(dialog.getByText('Enter the loan number or its payment reference')).toBeVisible();
  await dialog.getByLabel('Loan').fill(reference);
  await expectNoSeriousAxeViolations(page, 'the Allocate dialog');
  await shot(page, 'suspense-allocate-dialog');
  await dialog.getByRole('button', { name: 'Allocate' }).click();
  await expect(visibleToast(page, 'Allocated')).toBeVisible();
  await expect(dialog).toBeHidden();
  // Done: gone from the open items; under All it says where the money went.
  await expect(page.getByText('Nothing is in suspense')).toBeVisible();
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'All', exact: true }).click();
  await expect(item).toContainText('Allocated');
  await expect(item).toContainText(`allocated to ${reference}`);
  await expectNoHorizontalOverflow(page);
  await shot(page, 'suspense-after-allocation');
});
