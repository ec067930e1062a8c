// The earnings review queue (docs/platform-earnings.md) at 1280 px (at 390 px its cards are admin-phone.spec.ts's):
// two creators' loans have last month's YouTube earnings proposed (in dollars, converted at the month-end rate, as the
// monthly job writes them); the admin goes from the Admin Panel to Operations by its link, sees the proposals with
// the dollar figure, the rate and its date, ticks both and approves them together, and sees each loan's balance go
// down by the withholding, in the summary and in the servicing the creator reads.
import { expect, test } from '@playwright/test';
import { openAdminTab } from './support/admin';
import { activeLoan, lendingRowsByApi, travel } from './support/admin-servicing';
import { adminApi, newCreator, rand, skipTours } from './support/creator';
import { expectNoHorizontalOverflow, expectNoSeriousAxeViolations, nameToken } from './support/lending';
import { shot } from './support/servicing';

test('the admin approves two platform-earnings proposals in bulk; each loan balance goes down', async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  const admin = await adminApi();
  const token = nameToken();
  const balanceOf = async (applicationId: number) => {
    const row = (await lendingRowsByApi(admin, token)).find((r) => r.id === applicationId);
    return row!.remainingAmount!;
  };
  const loans = [];
  for (const firstName of ['Naledi', 'Sipho']) {
    const loan = await activeLoan(testInfo, admin, { firstName, lastName: token });
    await loan.api.dispose();
    // Paid out 40 days ago: last month is one of its months.
    await travel(admin, loan.applicationId, 40);
    const proposed = await admin.post(`/dev/earnings/${loan.applicationId}/propose`, {
      data: { usd: firstName === 'Naledi' ? '500.00' : '320.25', rate: '18.1234' },
    });
    expect(proposed.status(), await proposed.text()).toBe(200);
    loans.push({ ...loan, before: await balanceOf(loan.applicationId) });
  }

  await openAdminTab(page, 'Overview');
  await page.getByRole('link', { name: 'Operations' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Operations' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Earnings' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Earnings review' })).toBeVisible();

  const rowOf = (id: number) => page.getByTestId(`proposal-${id}`).first();
  const list = await (await admin.get('/api/admin/earnings-proposals?status=pending&pageSize=200')).json();
  const ids = loans.map(
    (loan) =>
      list.data.find((p: { applicationId: number }) => p.applicationId === loan.applicationId).id as number,
  );
  for (const [i, loan] of loans.entries()) {
    const row = rowOf(ids[i]!);
    await expect(row).toContainText(`#${loan.applicationId} ${loan.firstName} ${token}`);
    await expect(row).toContainText(
      i === 0 ? /\$\s?500[.,]00 at R 18,1234 on/ : /\$\s?320[.,]25 at R 18,1234 on/,
    );
    await expect(row).toContainText('Platform API');
    await expect(row).toContainText(rand(loan.before));
  }
  await expectNoHorizontalOverflow(page);
  await shot(page, 'earnings-queue');
  await expectNoSeriousAxeViolations(page, 'The earnings review queue');

  const approve = page.getByRole('button', { name: /Approve selected/ });
  await expect(approve).toBeDisabled();
  for (const loan of loans) {
    await page.getByRole('checkbox', { name: new RegExp(`^Select loan #${loan.applicationId},`) }).check();
  }
  await expect(approve).toHaveText('Approve selected (2)');
  await approve.click();
  const summary = page.getByTestId('approval-summary');
  await expect(summary).toContainText('2 proposals approved');
  for (const loan of loans) {
    const after = await balanceOf(loan.applicationId);
    expect(Number(after)).toBeLessThan(Number(loan.before));
    await expect(summary).toContainText(
      new RegExp(`Loan #${loan.applicationId}, .*balance now ${rand(after).replace(/ /g, '\\s')}`),
    );
    // Approved proposals leave the pending list.
    await expect(rowOf(ids[loans.indexOf(loan)]!)).toHaveCount(0);
  }
  await expectNoHorizontalOverflow(page);
  await shot(page, 'earnings-approved');
  await admin.dispose();
});

test('a creator is offered to share their earnings, in plain words, where platforms are connected', async ({
  page,
}, testInfo) => {
  await skipTours(page);
  await newCreator(page, testInfo, 'earnings-connect');
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  const section = page.getByRole('region', { name: 'Earnings for your repayments', exact: true });
  const youtube = section.getByRole('region', { name: 'YouTube earnings', exact: true });
  const patreon = section.getByRole('region', { name: 'Patreon', exact: true });
  await expect(youtube).toContainText('AdSense payouts once a month');
  await expect(youtube).toContainText('we can never change anything or move money');
  await expect(patreon).toContainText('active pledges once a month');
  // The e2e server has no Patreon client: no button that cannot work, and manual entry offered in its place.
  await expect(patreon.getByText('Connecting Patreon is not available at the moment.')).toBeVisible();
  await expect(patreon.getByRole('button', { name: 'Connect Patreon' })).toHaveCount(0);
  await section.scrollIntoViewIfNeeded();
  await expectNoHorizontalOverflow(page);
  await shot(section, 'earnings-connect');
});
