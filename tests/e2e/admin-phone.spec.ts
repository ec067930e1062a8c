// The back office at 390 px (phone project only, tag @phone-only). The admin's journeys prove their flows at 1280 px;
// what a phone changes is the layout: cards for table rows, the menu sheet, dialogs that must fit and keep their
// action in reach, nothing scrolling sideways. So at this width the journeys open each admin dialog from where it is
// offered (Record settlement from its quote card, Add Payment and Record Earnings from the loan's card, Reverse Payment
// from Application Details, Record Payout, Edit and Setup Repayment from an application's card, the National Credit
// Act's dialogs from a loan in arrears) and check that it fits; they read the cards that replace tables (users,
// audit entries, earnings proposals, the collections worklist, a loan's instalments) and the collector's case page;
// and they walk the Overview and the back-office pages by the Admin Panel's links. A dialog's action is used where its
// result changes the layout (the payout into the Approvals queue, a debt review into the part's timeline, a proposal
// approved off its card); the others are closed: what they do is proven at 1280 px.
import { expect, type Locator, type Page } from '@playwright/test';
import {
  adminEntry,
  creatorWithApplication,
  openAdminTab,
  searchApplications,
  sentForApprovalId,
} from './support/admin';
import {
  activeLoan,
  instalmentRows,
  loanTest,
  loanWithNoticeSent,
  todayInSouthAfrica,
  travel,
} from './support/admin-servicing';
import { adminApi, approveApplication, creatorWhoAccepted, southAfricanToday } from './support/creator';
import {
  choose,
  expectNcaTimelineFits,
  expectNoHorizontalOverflow,
  lendingEntry,
  nameToken,
} from './support/lending';
import { recordPaymentByApi, shot } from './support/servicing';

const test = loanTest;

test.describe.configure({ mode: 'parallel' });

/** The dialog is within the screen's width and its action can be reached by scrolling the dialog, not the page. */
async function expectDialogFits(page: Page, dialog: Locator, action: string | RegExp): Promise<void> {
  await expect(dialog).toBeVisible();
  const width = page.viewportSize()!.width;
  // Measured once it has settled: a dialog opened by its address is drawn again when its loan's data arrives.
  await expect(async () => {
    const box = await dialog.boundingBox();
    expect(box, 'the dialog is on the screen').not.toBeNull();
    expect(box!.x, 'the dialog starts on the screen').toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, 'the dialog ends on the screen').toBeLessThanOrEqual(width);
  }).toPass();
  const button = dialog.getByRole('button', { name: action });
  await button.scrollIntoViewIfNeeded();
  await expect(button).toBeInViewport();
  await expectNoHorizontalOverflow(page);
}

async function closeByEscape(page: Page, dialog: Locator): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

test(
  "a loan's dialogs fit a phone: Record settlement from its quote card, Add Payment and Record Earnings from the loan's card, Reverse Payment from its details",
  { tag: '@phone-only' },
  async ({ page, admin, owners }, testInfo) => {
    const token = nameToken();
    const loan = await activeLoan(testInfo, admin, { firstName: 'Thabo', lastName: token });
    owners.push(loan);
    // A payment first (a payment after the quote would supersede it), for the Reverse Payment dialog.
    await recordPaymentByApi(loan.applicationId, '500.00', southAfricanToday());
    const asked = await loan.api.post(`/api/applications/${loan.applicationId}/settlement-quote`, {
      data: {},
    });
    expect(asked.status(), await asked.text()).toBe(201);
    const { quote } = (await asked.json()) as { quote: { id: number } };

    await openAdminTab(page, 'Overview');
    await page.getByRole('link', { name: 'Lending Management' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Lending Management Dashboard' })).toBeVisible();
    await choose(page, page.locator('main'), 'Mode', 'Live');
    await expectNoHorizontalOverflow(page);

    const quoteCard = page.getByTestId(`quote-card-${quote.id}`);
    await expect(quoteCard).toContainText(`Thabo ${token}`);
    await quoteCard.getByRole('button', { name: 'Record settlement' }).click();
    const settle = page.getByRole('dialog', { name: 'Record settlement' });
    await expectDialogFits(page, settle, 'Record settlement');
    await shot(page, 'phone-record-settlement');
    await closeByEscape(page, settle);

    await page.getByLabel('Search', { exact: true }).fill(token);
    // The list is searched once typing pauses: wait for the address to hold the search, as the list then shows it.
    await expect(page).toHaveURL(new RegExp(`[?&]search=${token}(&|$)`));
    const card = lendingEntry(page, loan.applicationId);
    await expect(card).toContainText(`Thabo ${token}`);
    await expectNoHorizontalOverflow(page);
    await shot(card, 'phone-lending-card');

    await card.getByRole('button', { name: 'Add Payment' }).click();
    const payment = page.getByRole('dialog', { name: 'Add Payment' });
    await expectDialogFits(page, payment, 'Add Payment');
    await closeByEscape(page, payment);

    await card.getByRole('button', { name: 'Record Earnings' }).click();
    const earnings = page.getByRole('dialog', { name: 'Record Monthly Earnings' });
    await expectDialogFits(page, earnings, 'Record Earnings');
    await shot(page, 'phone-record-earnings');
    await closeByEscape(page, earnings);

    await card.getByRole('button', { name: 'View Details' }).click();
    const details = page.getByRole('dialog', { name: 'Application Details' });
    await expect(details).toBeVisible();
    const reverse = details
      .getByTestId('details-payments')
      .getByRole('button', { name: /Reverse payment #/ });
    const reversal = page.getByRole('dialog', { name: 'Reverse Payment' });
    // A click that lands while the details dialog is still settling can be lost: click again until it opens.
    await expect(async () => {
      if (!(await reversal.isVisible())) await reverse.click();
      await expect(reversal).toBeVisible({ timeout: 2_000 });
    }).toPass();
    await expectDialogFits(page, reversal, 'Send for approval');
    await closeByEscape(page, reversal);
  },
);

test('the back office fits a phone: Record Payout from the application card into the Approvals queue, then Users, Reports (the vintage curves), Operations, Collections, Books and Audit by their links', {
  tag: '@phone-only',
}, async ({ page }) => {
  const token = nameToken();
  const admin = await adminApi();
  const accepted = await creatorWhoAccepted(
    admin,
    'phone-payout',
    { firstName: 'Zanele', lastName: token },
    true,
  );
  await admin.dispose();
  await accepted.api.dispose();

  await openAdminTab(page, 'Applications');
  await searchApplications(page, token);
  const card = adminEntry(page, accepted.applicationId);
  await expect(card).toContainText('Accepted, awaiting payout');
  await expectNoHorizontalOverflow(page);
  // The column headers' sort is a Sort by select on a phone.
  await page.getByRole('combobox', { name: 'Sort by', exact: true }).click();
  await page.getByRole('option', { name: 'Amount: high to low', exact: true }).click();
  await expect(page).toHaveURL(/[?&]sort=-requestedAmount(&|$)/);
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Record Payout' }).click();
  const payout = page.getByRole('dialog', { name: 'Record Payout' });
  await expectDialogFits(page, payout, 'Send for approval');
  await payout.getByLabel('Bank reference').fill(`FNB ${token}`);
  await payout.getByRole('button', { name: 'Send for approval' }).click();
  const requestId = await sentForApprovalId(page);
  await expect(payout).toBeHidden();

  await page.getByRole('link', { name: /^Approvals/ }).click();
  await expect(page.getByTestId(`approval-${requestId}`)).toContainText(
    `for application #${accepted.applicationId}`,
  );
  await expectNoHorizontalOverflow(page);
  await shot(page, 'phone-approvals');

  const panel = () => page.getByRole('main').getByRole('link', { name: 'Admin Panel' });
  await panel().click();
  for (const tab of ['Users', 'Reports'] as const) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).not.toBeEmpty();
    // The users list is cards on a phone.
    if (tab === 'Users') await expect(page.getByTestId(/^user-card-/).first()).toBeVisible();
    // The vintage chart draws its payout months within the screen, with the table that gives its figures.
    if (tab === 'Reports') {
      const vintages = page.getByRole('region', { name: 'Vintage curves' });
      await vintages.scrollIntoViewIfNeeded();
      await expect(
        page.getByTestId('vintage-chart').locator('path.recharts-line-curve').first(),
      ).toBeVisible();
      await expect(vintages.getByRole('table', { name: /^Cumulative default/ })).toBeVisible();
    }
    await expectNoHorizontalOverflow(page);
  }

  const pages: Array<[link: string, heading: RegExp]> = [
    ['Operations', /Operations/],
    ['Collections', /Collections/],
    ['Books', /Books/],
    ['Audit trail', /Audit trail/],
  ];
  for (const [link, heading] of pages) {
    await page.getByRole('main').getByRole('link', { name: link }).click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    // The audit trail is cards on a phone.
    if (link === 'Audit trail') await expect(page.getByTestId(/^audit-card-/).first()).toBeVisible();
    if (link === 'Operations') {
      for (const tab of ['Bank', 'Suspense', 'Debit orders']) {
        await page.getByRole('tab', { name: tab }).click();
        await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
        await expectNoHorizontalOverflow(page);
      }
    }
    await shot(page, `phone-${link.toLowerCase()}`);
    await panel().click();
  }
});

test(
  'an approved application fits a phone: the Overview cards, then Edit and Setup Repayment from its card',
  {
    tag: '@phone-only',
  },
  async ({ page }, testInfo) => {
    const creator = await creatorWithApplication(testInfo, 'phone-setup');
    await creator.api.dispose();
    await approveApplication(creator.application.id);

    await openAdminTab(page, 'Overview');
    await expect(page.getByRole('heading', { name: 'Total Applications', exact: true })).toBeVisible();
    await expect(page.getByRole('progressbar', { name: /Low Risk/ })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await shot(page, 'phone-overview');

    await page.getByRole('tab', { name: 'Applications' }).click();
    await searchApplications(page, creator.lastName);
    const card = adminEntry(page, creator.application.id);
    // The badge says the status in the one vocabulary.
    await expect(card.locator('[data-slot="badge"]', { hasText: /^Approved$/ })).toBeVisible();
    await expectNoHorizontalOverflow(page);

    await card.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Application' });
    await expectDialogFits(page, edit, 'Save Changes');
    await shot(page, 'phone-edit-application');
    await closeByEscape(page, edit);

    await card.getByRole('button', { name: 'Setup Repayment' }).click();
    const setup = page.getByRole('dialog', { name: 'Setup Repayment Schedule' });
    await setup.getByLabel('Estimated period (months)').fill('10');
    await expect(setup.getByTestId('repayment-preview')).toContainText('10 monthly instalments');
    await expectDialogFits(page, setup, 'Send Offer');
    await shot(page, 'phone-setup-repayment');
    await closeByEscape(page, setup);
  },
);

test(
  "a loan in arrears fits a phone: the collector's case, then Application Details with its instalments and its National Credit Act part, notice sent and under debt review",
  {
    tag: '@phone-only',
  },
  async ({ page, admin, owners }, testInfo) => {
    const token = nameToken();
    const loan = await loanWithNoticeSent(testInfo, admin, { firstName: 'Sipho', lastName: token });
    owners.push(loan);

    // The collector's case page: its forms stacked within the screen.
    await openAdminTab(page, 'Applications');
    await page.getByRole('main').getByRole('link', { name: 'Collections' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Collections' })).toBeVisible();
    await choose(page, page.locator('main'), 'Days past due', '31-60 days');
    const worklistCard = page.getByTestId(`collection-${loan.applicationId}`);
    await expect(worklistCard).toContainText('31-60 days late');
    await expectNoHorizontalOverflow(page);
    await worklistCard.getByRole('link', { name: `Loan #${loan.applicationId} · Sipho ${token}` }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: `Loan #${loan.applicationId} · Sipho ${token}` }),
    ).toBeVisible();
    for (const form of ['Assign', 'Log a contact', 'Record a promise to pay']) {
      await page.getByRole('form', { name: form }).scrollIntoViewIfNeeded();
      await expect(page.getByRole('form', { name: form })).toBeInViewport();
    }
    await expectNoHorizontalOverflow(page);
    await shot(page, 'phone-collections-case');

    // Application Details: the position, the instalments as a list, and the National Credit Act's part.
    await openAdminTab(page, 'Applications');
    await searchApplications(page, token);
    await adminEntry(page, loan.applicationId).getByRole('button', { name: 'View Details' }).click();
    const details = page.getByRole('dialog', { name: 'Application Details' });
    await expect(details.getByTestId('details-position').getByTestId('bucket')).toHaveText('31-60 days late');
    const rows = instalmentRows(details.getByTestId('details-instalments'), page);
    await expect(rows).toHaveCount(12);
    await expect(rows.first()).toHaveAttribute('data-status', 'overdue');
    await expect(rows.last()).toHaveAttribute('data-status', 'upcoming');
    await expect(details.getByTestId('details-nca-stage')).toContainText('Section 129 notice sent');
    const nca = details.getByRole('region', { name: 'National Credit Act' });
    await nca.scrollIntoViewIfNeeded();
    await expectNcaTimelineFits(nca);
    await expectNoHorizontalOverflow(page);
    await shot(nca, 'phone-nca-notice-sent');

    await nca.getByRole('button', { name: 'Record registered post' }).click();
    const post = page.getByRole('dialog', { name: 'Record registered post' });
    await expectDialogFits(page, post, /^Record$/);
    await closeByEscape(page, post);

    await nca.getByRole('button', { name: 'Record debt review (Form 17.1)' }).click();
    const review = page.getByRole('dialog', { name: 'Record debt review (Form 17.1)' });
    await expectDialogFits(page, review, /^Record debt review$/);
    await review.getByLabel("Debt counsellor's name").fill('Thuli Mokoena');
    await review.getByLabel("Counsellor's NCR registration number").fill('ncrdc1234');
    await review.getByLabel("Counsellor's reference").fill('DR-77');
    await review.getByLabel('Date of the notice').fill(todayInSouthAfrica());
    await review.getByRole('button', { name: 'Record debt review', exact: true }).click();
    await expect(review).toBeHidden();
    await expect(details.getByTestId('details-nca-stage')).toContainText('Under debt review');
    await expectNcaTimelineFits(nca);
    await expectNoHorizontalOverflow(page);
    await shot(nca, 'phone-nca-debt-review');

    await nca.getByRole('button', { name: 'Record restructuring order' }).click();
    const order = page.getByRole('dialog', { name: 'Record restructuring order' });
    await expectDialogFits(page, order, /^Record order$/);
    await closeByEscape(page, order);
  },
);

test(
  'the earnings review queue fits a phone: a proposal read on its card, ticked and approved',
  {
    tag: '@phone-only',
  },
  async ({ page, admin, owners }, testInfo) => {
    const token = nameToken();
    const loan = await activeLoan(testInfo, admin, { firstName: 'Naledi', lastName: token });
    owners.push(loan);
    // Paid out 40 days ago: last month is one of its months, and its platform earnings can be proposed.
    await travel(admin, loan.applicationId, 40);
    const proposed = await admin.post(`/dev/earnings/${loan.applicationId}/propose`, {
      data: { usd: '500.00', rate: '18.1234' },
    });
    expect(proposed.status(), await proposed.text()).toBe(200);
    const pending = await (
      await admin.get('/api/admin/earnings-proposals?status=pending&pageSize=200')
    ).json();
    const proposalId = (pending.data as Array<{ id: number; applicationId: number }>).find(
      (p) => p.applicationId === loan.applicationId,
    )!.id;

    await openAdminTab(page, 'Overview');
    await page.getByRole('main').getByRole('link', { name: 'Operations' }).click();
    await expect(page.getByRole('tab', { name: 'Earnings' })).toHaveAttribute('aria-selected', 'true');
    const card = page.getByTestId(`proposal-card-${proposalId}`);
    await expect(card).toContainText(`#${loan.applicationId} Naledi ${token}`);
    await expect(card).toContainText(/\$\s?500[.,]00 at R 18,1234 on/);
    await expectNoHorizontalOverflow(page);
    await shot(page, 'phone-earnings-queue');
    await page.getByRole('checkbox', { name: new RegExp(`^Select loan #${loan.applicationId},`) }).check();
    const approve = page.getByRole('button', { name: 'Approve selected (1)' });
    await approve.scrollIntoViewIfNeeded();
    await expect(approve).toBeInViewport();
    await approve.click();
    await expect(page.getByTestId('approval-summary')).toContainText('1 proposal approved');
    await expect(card).toHaveCount(0);
    await expectNoHorizontalOverflow(page);
  },
);
