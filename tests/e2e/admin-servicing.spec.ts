// Loan servicing as the admin sees it: the delinquency bucket on each lending row and the bucket
// filter kept in the URL, the portfolio-at-risk card, the instalment table in Application Details, the
// restructure of a loan eligible for renegotiation, and recording an early settlement a creator asked for.
// Each test makes its own creators (named with a token no other test uses, then searched for) and moves
// only its own loans through time with the development-only travel call.
import { expect, type Page } from '@playwright/test';
import Decimal from 'decimal.js';
import { formatDate } from '../../src/shared/format';
import { adminEntry, cents, openAdminTab, searchApplications, sentForApprovalId } from './support/admin';
import {
  activeLoan,
  expectBucketOf,
  instalmentRows,
  lendingRowsByApi,
  loanTest,
  servicingOf,
  shoot,
  todayInSouthAfrica,
  travel,
} from './support/admin-servicing';
import { approveAsSecondAdmin } from './support/admin-session';
import { currentBaseUrl, expectText, expectTextContaining, rand } from './support/creator';
import {
  choose,
  divideHalfUp,
  expectNoHorizontalOverflow,
  expectNoSeriousAxeViolations,
  lendingEntry,
  nameToken,
  randOfCents,
} from './support/lending';
import { toast } from './support/mailbox';

const test = loanTest;

test.describe.configure({ mode: 'parallel' });

/** Signs in as the demo admin through the login form, then follows the admin panel's link to the dashboard. */
async function openLendingFromAdminPanel(page: Page): Promise<void> {
  await openAdminTab(page, 'Overview');
  await page.getByRole('link', { name: 'Lending Management' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lending Management Dashboard' })).toBeVisible();
  // These journeys' loans are live ones: say so, whatever the server-wide dashboard mode is just now.
  await choose(page, page.locator('main'), 'Mode', 'Live');
  await expect(page).toHaveURL(/[?&]mode=production/);
}

async function search(page: Page, text: string): Promise<void> {
  await page.getByLabel('Search', { exact: true }).fill(text);
  await expect(page).toHaveURL(new RegExp(`[?&]search=${encodeURIComponent(text)}(&|$)`));
}

const visibleEntries = (page: Page) => page.getByTestId(/^lending-(row|card)-\d+$/).filter({ visible: true });

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'} past due`;

test('a loan 45 days late shows its bucket, and the Days past due filter keeps to it in the URL', async ({
  page,
  admin,
  owners,
}, testInfo) => {
  const token = nameToken();
  const late = await activeLoan(testInfo, admin, { firstName: 'Bongani', lastName: token });
  const onTime = await activeLoan(testInfo, admin, { firstName: 'Thandi', lastName: token });
  owners.push(late, onTime);
  // 75 days after the start the first instalment (due a month in) is about 45 days late.
  await travel(admin, late.applicationId, 75);
  const position = (await servicingOf(admin, late.applicationId)).position;
  expectBucketOf(position.daysPastDue, '31-60');

  await openLendingFromAdminPanel(page);
  await search(page, token);
  await expect(visibleEntries(page)).toHaveCount(2);

  const lateEntry = lendingEntry(page, late.applicationId);
  await expectText(lateEntry.getByTestId('bucket'), '31-60 days late');
  await expectTextContaining(lateEntry.getByTestId('past-due'), days(position.daysPastDue));
  await expectText(lateEntry.getByTestId('amount-overdue'), rand(position.amountOverdue));
  const onTimeEntry = lendingEntry(page, onTime.applicationId);
  await expectText(onTimeEntry.getByTestId('bucket'), 'Current');
  await expect(onTimeEntry.getByTestId('past-due')).toHaveCount(0);
  // The two named monthly figures, as on every other screen.
  const [row] = (await lendingRowsByApi(admin, token)).filter((r) => r.id === late.applicationId);
  await expectText(lateEntry.getByTestId('instalment'), rand(row!.installmentAmount!));
  await expectText(lateEntry.getByTestId('estimated-withholding'), rand(row!.estimatedMonthlyWithholding!));

  await choose(page, page.locator('main'), 'Days past due', '31-60 days');
  await expect(page).toHaveURL(/[?&]bucket=31-60(&|$)/);
  await expect(visibleEntries(page)).toHaveCount(1);
  await expect(lateEntry).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await shoot(page, testInfo, 'lending-bucket-filter');

  // The filter lives in the URL: a reload shows the same view.
  await page.reload();
  await expect(page.getByLabel('Days past due', { exact: true })).toHaveText('31-60 days');
  await expect(visibleEntries(page)).toHaveCount(1);
  await expectText(lendingEntry(page, late.applicationId).getByTestId('bucket'), '31-60 days late');

  // Current is the other bucket: only the loan that is up to date.
  await choose(page, page.locator('main'), 'Days past due', 'Current');
  await expect(page).toHaveURL(/[?&]bucket=current(&|$)/);
  await expect(visibleEntries(page)).toHaveCount(1);
  await expect(lendingEntry(page, onTime.applicationId)).toBeVisible();

  await page.getByRole('button', { name: 'Reset All Filters' }).click();
  await expect(page).toHaveURL(/\/admin\/lending$/);
  await expect(page.getByLabel('Days past due', { exact: true })).toHaveText('All');
  await expectNoSeriousAxeViolations(page, '/admin/lending with the bucket filter');
});

test('the Portfolio at risk card shows PAR30 and PAR90 as shares of the principal owed', async ({
  page,
  admin,
  owners,
}, testInfo) => {
  const token = nameToken();
  const current = await activeLoan(testInfo, admin, { firstName: 'Sipho', lastName: token });
  const late = await activeLoan(
    testInfo,
    admin,
    { firstName: 'Ayesha', lastName: token },
    { requestedAmount: 12_000 },
  );
  const defaulted = await activeLoan(
    testInfo,
    admin,
    { firstName: 'Kagiso', lastName: token },
    { requestedAmount: 6_000 },
  );
  owners.push(current, late, defaulted);
  await travel(admin, late.applicationId, 75);
  await travel(admin, defaulted.applicationId, 130);
  expectBucketOf((await servicingOf(admin, defaulted.applicationId)).position.daysPastDue, '90+');

  const rows = await lendingRowsByApi(admin, token);
  expect(rows).toHaveLength(3);
  // The principal each loan still owes: its balance less the same share of the finance charge (docs/lending.md,
  // "Figures"), summed exactly and rounded to the cent once, as the summary does.
  const principalOwed = new Map<number, Decimal>();
  for (const row of rows) {
    const { application } = (await (await admin.get(`/api/admin/applications/${row.id}`)).json()) as {
      application: {
        repaymentSchedule: { totalAmount: string; costAmount: string; remainingAmount: string };
      };
    };
    const s = application.repaymentSchedule;
    principalOwed.set(
      row.id,
      new Decimal(s.remainingAmount).times(new Decimal(s.totalAmount).minus(s.costAmount)).div(s.totalAmount),
    );
  }
  const centsOf = (ids: number[]) =>
    cents(ids.reduce((sum, id) => sum.plus(principalOwed.get(id)!), new Decimal(0)).toFixed(2));
  const total = centsOf(rows.map((r) => r.id));
  const over30 = centsOf([late.applicationId, defaulted.applicationId]);
  const over90 = centsOf([defaulted.applicationId]);
  // The server's two decimals, shown with one (en-ZA: a decimal comma).
  const percentText = (part: number) => {
    const tenths = divideHalfUp(divideHalfUp(part * 10_000, total), 10);
    return `${Math.floor(tenths / 10)},${tenths % 10}%`;
  };

  await openLendingFromAdminPanel(page);
  await search(page, token);
  await expect(visibleEntries(page)).toHaveCount(3);
  await expect(lendingEntry(page, defaulted.applicationId).getByTestId('status')).toHaveText('Defaulted');
  await expectText(lendingEntry(page, defaulted.applicationId).getByTestId('bucket'), 'Over 90 days late');

  const card = page.getByTestId('portfolio-at-risk');
  await expect(card.getByRole('heading', { name: 'Portfolio at risk' })).toBeVisible();
  await expect(card).toContainText(
    'the share of the principal still owed on loans more than 30 or 90 days past due, restructured loans in probation included',
  );
  await expectText(card.getByTestId('par-30-value'), percentText(over30));
  await expectText(card.getByTestId('par-90-value'), percentText(over90));
  await expectText(
    card.getByTestId('par-30-amounts'),
    `${randOfCents(over30)} of ${randOfCents(total)} principal owed is more than 30 days past due or in probation`,
  );
  await expectText(
    card.getByTestId('par-90-amounts'),
    `${randOfCents(over90)} of ${randOfCents(total)} principal owed is more than 90 days past due or in probation`,
  );
  const bar = card.getByRole('progressbar', { name: /PAR30/ });
  await expect(bar).toHaveAttribute('aria-valuetext', percentText(over30));
  await expectNoHorizontalOverflow(page);
  await shoot(page, testInfo, 'lending-par-card', card);
  await shoot(page, testInfo, 'lending-page');
});

// At 1280 px: at 390 px the position and the instalments as a list are tests/e2e/admin-phone.spec.ts's.
test('Application Details shows the position and the instalment table', async ({
  page,
  admin,
  owners,
}, testInfo) => {
  const token = nameToken();
  const loan = await activeLoan(testInfo, admin, { firstName: 'Lerato', lastName: token });
  owners.push(loan);
  await travel(admin, loan.applicationId, 75);
  const servicing = await servicingOf(admin, loan.applicationId);
  expect(servicing.instalments).toHaveLength(12);

  await openAdminTab(page, 'Applications');
  await searchApplications(page, token);
  await adminEntry(page, loan.applicationId).getByRole('button', { name: 'View Details' }).click();
  const details = page.getByRole('dialog', { name: 'Application Details' });
  await expect(details).toBeVisible();

  const position = details.getByTestId('details-position');
  await expectText(position.getByTestId('details-amount-overdue'), rand(servicing.position.amountOverdue));
  await expectText(position.getByTestId('details-amount-due-now'), rand(servicing.position.amountDueNow));
  await expectText(position.getByTestId('details-days'), String(servicing.position.daysPastDue));
  await expectText(position.getByTestId('bucket'), '31-60 days late');
  await expect(details.getByText('Instalment', { exact: true })).toBeVisible();
  await expect(details.getByText('Estimated monthly withholding', { exact: true })).toBeVisible();
  await expectText(details.getByTestId('details-instalment'), rand(servicing.installmentAmount));

  const instalments = details.getByTestId('details-instalments');
  await expect(instalments.getByRole('heading', { name: 'Instalments' })).toBeVisible();
  const rows = instalmentRows(instalments, page);
  await expect(rows).toHaveCount(12);
  // The oldest instalment is overdue, the next one due or overdue too; the last is still to come.
  await expect(rows.first()).toHaveAttribute('data-status', 'overdue');
  await expect(rows.first()).toContainText('Overdue');
  await expect(rows.last()).toHaveAttribute('data-status', 'upcoming');
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousAxeViolations(page, 'Application Details with instalments');
  await shoot(
    page,
    testInfo,
    'details-instalments',
    details.getByRole('region', { name: 'Repayment schedule' }),
  );
});

test('an eligible loan is restructured over 18 months from the lending dashboard', async ({
  page,
  admin,
  owners,
}, testInfo) => {
  const token = nameToken();
  const loan = await activeLoan(testInfo, admin, { firstName: 'Zanele', lastName: token });
  owners.push(loan);
  // Four months without a payment: three shortfall months in a row make the loan eligible.
  await travel(admin, loan.applicationId, 120);
  const before = await servicingOf(admin, loan.applicationId);
  expect(before.renegotiationEligible).toBe(true);
  const [row] = await lendingRowsByApi(admin, token);
  const balance = row!.remainingAmount!;

  await openLendingFromAdminPanel(page);
  await search(page, token);
  const entry = lendingEntry(page, loan.applicationId);
  await expectText(entry.getByTestId('renegotiation-eligible'), 'Eligible for renegotiation');
  await entry.getByRole('button', { name: 'View Details' }).click();
  const details = page.getByRole('dialog', { name: 'Application Details' });
  const offer = details.getByTestId('details-renegotiation');
  await expect(offer).toContainText('Eligible for renegotiation');
  await offer.getByRole('button', { name: 'Restructure' }).click();

  const dialog = page.getByRole('dialog', { name: 'Restructure loan' });
  await expect(dialog).toBeVisible();
  const period = dialog.getByLabel('New period (months)');
  await expect(period).toHaveValue('12');
  await expectText(
    dialog.getByTestId('restructure-explanation'),
    `The remaining balance of ${rand(balance)} over 12 months, no extra cost.`,
  );
  await period.fill('40');
  await expect(dialog.getByTestId('restructure-preview')).toContainText('Enter a period of 1 to 36');
  await period.fill('18');
  await expectText(
    dialog.getByTestId('restructure-explanation'),
    `The remaining balance of ${rand(balance)} over 18 months, no extra cost.`,
  );
  // ceil(balance / 18) to the cent, as the server will write it.
  const instalment = Math.ceil(cents(balance) / 18);
  await expectText(dialog.getByTestId('restructure-instalment'), randOfCents(instalment));
  await expectNoSeriousAxeViolations(page, 'the Restructure dialog');
  await shoot(page, testInfo, 'restructure-dialog', dialog);

  await expect(dialog).toContainText('A second collector or admin approves the new terms before they apply.');
  await dialog.getByRole('button', { name: 'Send for approval' }).click();
  // A second admin approves the restructure (decision 028; payout.spec.ts follows the queue's screens); the details,
  // opened again, read the new plan.
  await approveAsSecondAdmin(currentBaseUrl(), await sentForApprovalId(page));
  await expect(dialog).toBeHidden();
  await details.getByRole('button', { name: 'Close' }).first().click();
  await expect(details).toBeHidden();
  await entry.getByRole('button', { name: 'View Details' }).click();

  // The details follow: 18 new instalments, nothing late, no longer eligible.
  const instalments = details.getByTestId('details-instalments');
  const rows = instalmentRows(instalments, page);
  await expect(rows).toHaveCount(18);
  await expect(rows.first()).toHaveAttribute('data-status', 'due');
  await expect(rows.first()).toContainText(randOfCents(instalment));
  await expect(details.getByTestId('details-renegotiation')).toHaveCount(0);
  await expectText(details.getByTestId('details-days'), '0');
  await expectText(details.getByTestId('bucket'), 'Current');
  await expect(details.getByTestId('details-restructured-on')).toBeVisible();
  await expectText(details.getByTestId('details-remaining-balance'), rand(balance));
  await shoot(
    page,
    testInfo,
    'details-after-restructure',
    details.getByRole('region', { name: 'Repayment schedule' }),
  );
  // Escape would first dismiss the toast (the topmost layer); the dialog's own Close button closes it.
  await details.getByRole('button', { name: 'Close' }).click();
  await expect(details).toBeHidden();
  // The list, read again (the change was made by the second admin's approval), follows.
  await page.reload();
  await expect(entry.getByTestId('renegotiation-eligible')).toHaveCount(0);
  await expectText(entry.getByTestId('bucket'), 'Current');
  await expectText(entry.getByTestId('status'), 'Active');
});

test('a settlement quote the creator asked for is recorded by the admin and closes the loan', async ({
  page,
  admin,
  owners,
}, testInfo) => {
  const token = nameToken();
  const loan = await activeLoan(testInfo, admin, { firstName: 'Kagiso', lastName: token });
  owners.push(loan);
  // The creator asks for the amount that settles the loan today (the plan card's "Settle early").
  const asked = await loan.api.post(`/api/applications/${loan.applicationId}/settlement-quote`, {
    data: {},
  });
  expect(asked.status(), await asked.text()).toBe(201);
  const { quote } = (await asked.json()) as {
    quote: { id: number; reference: string; amount: string; validUntil: string };
  };

  await openLendingFromAdminPanel(page);
  const card = page.getByTestId('settlement-quotes');
  await expect(card.getByRole('heading', { name: 'Open settlement quotes' })).toBeVisible();
  const width = page.viewportSize()?.width ?? 1280;
  const quoteEntry = card.getByTestId(width >= 768 ? `quote-row-${quote.id}` : `quote-card-${quote.id}`);
  await expect(quoteEntry).toContainText(`Kagiso ${token}`);
  await expectText(quoteEntry.getByTestId('quote-reference'), quote.reference);
  await expectText(quoteEntry.getByTestId('quote-amount'), rand(quote.amount));
  await expect(quoteEntry.getByTestId('quote-valid-until')).not.toHaveText('-');
  await expectNoHorizontalOverflow(page);
  await shoot(page, testInfo, 'settlement-quotes-card', card);

  await quoteEntry.getByRole('button', { name: 'Record settlement' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record settlement' });
  await expect(dialog).toBeVisible();
  // The dialog has an address of its own over the loan list: a reload (or a shared link) opens it again.
  await expect(page).toHaveURL(new RegExp(`/admin/lending/${loan.applicationId}/record-settlement(\\?|$)`));
  await page.reload();
  await expect(dialog).toBeVisible();
  const date = dialog.getByLabel('Payment date');
  const today = todayInSouthAfrica();
  // The field reads the day the South African way, whatever the browser's locale.
  await expect(date).toHaveValue(formatDate(today));
  await expectTextContaining(dialog.getByTestId('settle-quote-summary'), rand(quote.amount));
  await dialog.getByLabel('Notes (optional)').fill('EFT received with the quote reference');
  await expectNoSeriousAxeViolations(page, 'the Record settlement dialog');
  await shoot(page, testInfo, 'settle-dialog', dialog);
  await dialog.getByRole('button', { name: 'Record settlement' }).click();
  await expect(toast(page, 'Settlement recorded')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/lending(\?|$)/);
  await expect(quoteEntry).toHaveCount(0);

  // The loan is repaid: the lending row says Repaid (the one status vocabulary) and has no bucket any more.
  await search(page, token);
  const entry = lendingEntry(page, loan.applicationId);
  await expectText(entry.getByTestId('status'), 'Repaid');
  await expect(entry.getByTestId('bucket')).toHaveCount(0);
  await expectText(entry.getByTestId('remaining'), rand(0));
  await entry.getByRole('button', { name: 'View Details' }).click();
  const details = page.getByRole('dialog', { name: 'Application Details' });
  // The badge and the schedule's status say the same word, never the stored 'completed'.
  await expect(details.locator('[data-slot="badge"]', { hasText: /^Repaid$/ })).toBeVisible();
  await expectText(details.getByTestId('details-schedule-status'), 'Repaid');
  await expect(details.getByText('Payment Schedule Active')).toHaveCount(0);
  await expect(details.getByTestId('details-payments')).toContainText(
    'EFT received with the quote reference',
  );
  // Settled on the day of the payout: the settlement closed every instalment before it fell due.
  await expect(instalmentRows(details.getByTestId('details-instalments'), page).first()).toHaveAttribute(
    'data-status',
    'settled',
  );
});
