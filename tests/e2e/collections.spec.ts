// Collections (docs/collections.md): a collector's day (the worklist from the
// Admin Panel, a loan 45 days late, assigned with a next action, a contact logged, a promise to pay recorded, then the
// loan under "Assigned to me"), and a creator who cannot pay this month asking for help, which the collector answers
// from the worklist and the creator then reads on their plan; and a defaulted loan written off by one admin
// and approved by the other.
import { expect, type Page } from '@playwright/test';
import {
  adminEntry,
  approveInQueue,
  openAdminTab,
  searchApplications,
  sentForApprovalId,
} from './support/admin';
import { activeLoan, loanTest, todayInSouthAfrica, travel } from './support/admin-servicing';
import { enterDemoAdminSession } from './support/admin-session';
import { currentBaseUrl, skipTours } from './support/creator';
import { choose, expectNoHorizontalOverflow, expectNoSeriousAxeViolations } from './support/lending';
import { normalised, toast } from './support/mailbox';
import { addDays, creatorWithLoan, shot } from './support/servicing';

const test = loanTest;
test.describe.configure({ mode: 'parallel' });

/** '03 Dec 2026' for '2026-12-03', as the app writes a day. */
function day(date: string): string {
  const [y, m, d] = date.split('-');
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${d} ${months[Number(m) - 1]} ${y}`;
}

async function openCollections(page: Page): Promise<void> {
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Collections' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Collections' })).toBeVisible();
}

// At 1280 px: at 390 px the worklist's cards and the case page are tests/e2e/admin-phone.spec.ts's.
test("a collector's day: the worklist, a loan 45 days late, assigned, a contact logged and a promise to pay recorded", async ({
  page,
  admin,
  owners,
}, testInfo) => {
  const token = `${testInfo.project.name}${Date.now().toString(36)}`;
  const late = await activeLoan(testInfo, admin, { firstName: 'Kagiso', lastName: `Collect${token}` });
  owners.push(late);
  await travel(admin, late.applicationId, 75);
  await enterDemoAdminSession(page, currentBaseUrl());
  await skipTours(page);

  await openCollections(page);
  await choose(page, page.locator('main'), 'Days past due', '31-60 days');
  await expect(page).toHaveURL(/[?&]bucket=31-60(&|$)/);
  const card = page.getByTestId(`collection-${late.applicationId}`);
  await expect(card).toContainText('31-60 days late');
  await expect(card).toContainText('Unassigned');
  await expectNoHorizontalOverflow(page);
  await shot(page, 'collections-worklist');
  await card.getByRole('link', { name: `Loan #${late.applicationId} · Kagiso Collect${token}` }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: `Loan #${late.applicationId} · Kagiso Collect${token}` }),
  ).toBeVisible();

  // Assign the loan to oneself, with tomorrow as the next action.
  const today = todayInSouthAfrica();
  const tomorrow = addDays(today, 1);
  const assign = page.getByRole('form', { name: 'Assign' });
  await choose(page, assign, 'Collector', 'Ayanda Mokoena');
  await assign.getByLabel('Next action on').fill(tomorrow);
  await assign.getByRole('button', { name: 'Save' }).click();
  await expect(
    toast(page, `Loan #${late.applicationId}: a collector, next action on ${day(tomorrow)}.`),
  ).toBeVisible();
  const standing = page.getByTestId('case-standing');
  await expect(standing).toContainText('Ayanda Mokoena');
  await expect(standing).toContainText(day(tomorrow));

  // A contact: the note is required.
  const contact = page.getByRole('form', { name: 'Log a contact' });
  await choose(page, contact, 'Channel', 'WhatsApp');
  await choose(page, contact, 'Outcome', 'Promised to pay');
  await contact.getByRole('button', { name: 'Log contact' }).click();
  await expect(contact.getByText('Note is required')).toBeVisible();
  await contact.getByLabel('Note').fill('A sponsor paid late; R 500 on Friday.');
  await contact.getByRole('button', { name: 'Log contact' }).click();
  await expect(toast(page, 'Contact logged: WhatsApp: promised to pay.')).toBeVisible();
  const contacts = page.locator('[data-testid^="contact-"]');
  await expect(contacts).toHaveCount(1);
  await expect(contacts.first()).toContainText('WhatsApp: Promised to pay');
  await expect(contacts.first()).toContainText('A sponsor paid late; R 500 on Friday.');

  // A promise within the 31 days the date picker allows.
  const inAWeek = addDays(today, 7);
  const promise = page.getByRole('form', { name: 'Record a promise to pay' });
  await promise.getByLabel('Amount (R)').fill('500');
  await promise.getByLabel('By').fill(inAWeek);
  await promise.getByRole('button', { name: 'Record promise' }).click();
  await expect(toast(page, `Promise to pay R\u00a0500,00 by ${day(inAWeek)} recorded.`)).toBeVisible();
  const promiseRow = page.locator('[data-testid^="promise-"]').first();
  await expect(promiseRow).toContainText('Open');
  expect(normalised(await promiseRow.textContent())).toContain(`R 500,00 by ${day(inAWeek)}; R 0,00 in`);
  expect(normalised(await standing.textContent())).toContain(`Promised R 500,00 by ${day(inAWeek)}`);
  await expectNoHorizontalOverflow(page);
  await shot(page, 'collections-case');
  await expectNoSeriousAxeViolations(page, 'a collections case');

  // Back to the worklist by its link: the loan is the reader's now.
  await page.getByRole('link', { name: 'Collections' }).first().click();
  await page.getByRole('button', { name: 'Assigned to me' }).click();
  await expect(page).toHaveURL(/[?&]view=mine(&|$)/);
  const mine = page.getByTestId(`collection-${late.applicationId}`);
  await expect(mine).toContainText('Ayanda Mokoena');
  expect(normalised(await mine.textContent())).toContain(`Promised R 500,00 by ${day(inAWeek)}`);
});

test(
  "a creator who can't pay this month asks for help; the collector answers and the creator reads what was agreed",
  { tag: '@phone' },
  async ({ page, browser }, testInfo) => {
    await skipTours(page);
    const { applicationId } = await creatorWithLoan(page, testInfo, 'cant-pay');
    await page.goto('/dashboard');
    const card = page.getByTestId(`plan-card-${applicationId}`);
    await card.getByRole('button', { name: "I can't pay this month" }).click();
    const dialog = page.getByRole('dialog', { name: "I can't pay this month" });
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await expect(dialog.getByText('Tell us what has happened', { exact: true })).toBeVisible();
    await dialog.getByLabel('What has happened?').fill('My biggest sponsor cancelled this month.');
    await dialog.getByLabel('What you can pay this month (R, optional)').fill('250');
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await expect(toast(page, 'Request sent')).toBeVisible();
    const panel = card.getByTestId('help-request');
    await expect(panel).toContainText(`You asked for help on ${day(todayInSouthAfrica())}`);
    await expect(panel).toContainText('A collector will contact you by');
    await expect(panel.getByRole('button', { name: "I can't pay this month" })).toHaveCount(0);
    await expectNoHorizontalOverflow(page);
    await shot(card, 'collections-help-asked');

    // The collector, in their own browser: the loan is under "Asked for help".
    const context = await browser.newContext({ viewport: page.viewportSize() });
    try {
      const collector = await context.newPage();
      await enterDemoAdminSession(collector, currentBaseUrl());
      await skipTours(collector);
      await openCollections(collector);
      await collector.getByRole('button', { name: 'Asked for help' }).click();
      const row = collector.getByTestId(`collection-${applicationId}`);
      await expect(row).toContainText('Asked for help');
      await row.getByRole('link', { name: new RegExp(`^Loan #${applicationId} ·`) }).click();
      const request = collector.locator('[data-testid^="help-request-"]').first();
      await expect(request).toContainText('My biggest sponsor cancelled this month.');
      expect(normalised(await request.textContent())).toContain('Can pay this month: R 250,00');
      await request.getByLabel('What was agreed').fill('R 250 now; the rest with next month’s instalment.');
      await request.getByRole('button', { name: 'Answer and close' }).click();
      await expect(
        collector.getByRole('region', { name: /Notifications/ }).getByText(/^Request #\d+ closed\.$/),
      ).toBeVisible();
      await expect(request).toContainText('Answered');
    } finally {
      await context.close();
    }

    await page.reload();
    await expect(panel).toContainText('What we agreed on');
    await expect(panel).toContainText('R 250 now; the rest with next month’s instalment.');
    await expect(panel.getByRole('button', { name: "I can't pay this month" })).toBeVisible();
  },
);

test('a defaulted loan is written off and then its balance forgiven, each asked by one admin and approved by the other', async ({
  page,
  browser,
  admin,
  owners,
}, testInfo) => {
  const token = `${testInfo.project.name}${Date.now().toString(36)}`;
  const loan = await activeLoan(testInfo, admin, { firstName: 'Ayesha', lastName: `WriteOff${token}` });
  owners.push(loan);
  // 130 days on, the first instalment is 100 days late: the loan review has put it in default.
  await travel(admin, loan.applicationId, 130);

  await openAdminTab(page, 'Applications');
  await searchApplications(page, `WriteOff${token}`);
  await adminEntry(page, loan.applicationId).getByRole('button', { name: 'View Details' }).click();
  const details = page.getByRole('dialog', { name: 'Application Details' });
  await details.getByRole('button', { name: 'Write off' }).click();
  const dialog = page.getByRole('dialog', { name: 'Write off loan' });
  await expect(dialog.getByTestId('write-off-figures')).toContainText(`#${loan.applicationId}`);
  await dialog.getByRole('button', { name: 'Send for approval' }).click();
  await expect(dialog.getByText('Give the reason for the write-off in at least 5 characters')).toBeVisible();
  await dialog.getByLabel('Reason').fill('Unreachable for 100 days; nothing left to pursue.');
  await dialog.getByRole('button', { name: 'Send for approval' }).click();
  const id = await sentForApprovalId(page);
  await expectNoHorizontalOverflow(page);

  await approveInQueue(browser, id, 'write-off-queue');
  // The details dialog has its own address: the reload opens it again, with the approved write-off.
  await page.reload();
  const written = page
    .getByRole('dialog', { name: 'Application Details' })
    .getByTestId('details-written-off');
  await expect(written).toContainText(`Written off on ${day(todayInSouthAfrica())}`);
  await expect(written).toContainText('The creator still owes the balance');
  await shot(page, 'write-off-details');

  // Forgiving what the written-off loan still owes: the same two steps.
  const detailsDialog = page.getByRole('dialog', { name: 'Application Details' });
  await detailsDialog.getByRole('button', { name: 'Forgive balance' }).click();
  const forgive = page.getByRole('dialog', { name: 'Forgive balance' });
  await expect(forgive.getByTestId('forgive-figures')).toContainText(`#${loan.applicationId}`);
  await expect(forgive).toContainText('the creator owes nothing more on this loan');
  await forgive.getByLabel('Reason').fill('The creator died; the estate has no assets.');
  await forgive.getByRole('button', { name: 'Send for approval' }).click();
  const forgivenessId = await sentForApprovalId(page);
  await approveInQueue(browser, forgivenessId);
  await page.reload();
  const closed = page.getByRole('dialog', { name: 'Application Details' });
  await expect(closed.getByTestId('details-forgiven')).toBeVisible();
  // Closed, the list beneath says so too.
  await page.keyboard.press('Escape');
  await expect(closed).toBeHidden();
  await expect(adminEntry(page, loan.applicationId)).toContainText('Balance forgiven');
  await adminEntry(page, loan.applicationId).getByRole('button', { name: 'View Details' }).click();
  await expect(closed.getByTestId('details-forgiven')).toContainText(
    `forgiven on ${day(todayInSouthAfrica())}: the creator owes nothing more`,
  );
  await expect(closed.getByTestId('details-remaining-balance')).toHaveText('R 0,00');
  await expectNoHorizontalOverflow(page);
  await closed.getByTestId('details-forgiven').scrollIntoViewIfNeeded();
  await shot(page, 'forgiven-details');

  // The statement, opened from Application Details, names it.
  const [statement] = await Promise.all([
    page.context().waitForEvent('page'),
    closed.getByRole('link', { name: /statement/i }).click(),
  ]);
  await expect(statement.getByText('BALANCE FORGIVEN')).toBeVisible();
  await expect(
    statement.getByText(/was forgiven after the loan was in default\. Nothing more is owed\./),
  ).toBeVisible();
  await expect(statement.getByRole('link', { name: 'Back to the Admin Panel' })).toHaveAttribute(
    'href',
    '/admin',
  );
  await statement.close();
});
