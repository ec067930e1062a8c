// The paged admin lists: the Applications tab, the Users tab and the lending page's Lending Data
// page, sort and filter on the server, keep that state in the address (a reload shows the same view), and
// export every page of the filtered set as CSV. Each journey seeds more than a page of its own rows under a
// name token no other test uses, moves between screens by the app's links, and fails on any page error.
import { expect, type Page, request, test } from '@playwright/test';
import {
  collectPageErrors,
  csvRowsOf,
  expectPager,
  expectShownIds,
  listToken,
  seedApplications,
  seedUsers,
  shownIds,
} from './support/admin-lists';
import { adminApi, currentBaseUrl, E2E_IDENTITY } from './support/creator';
import { expectNoSeriousAxeViolations, signInAsAdmin } from './support/lending';
import { markToursSeen, toast } from './support/mailbox';

test.describe.configure({ mode: 'parallel' });

const wide = (page: Page, breakpoint: number) => (page.viewportSize()?.width ?? breakpoint) >= breakpoint;

/** Picks `option` in the Radix select labelled `label`. */
async function pick(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('Applications: pages, sorts and searches on the server, and survives a reload', async ({ page }) => {
  const checkErrors = collectPageErrors(page);
  const book = await seedApplications(`Khumalo${listToken()}`, 60);
  const newestFirst = book.applications.map((a) => a.id).reverse();
  const byAmount = [...book.applications].sort((a, b) => a.requestedAmount - b.requestedAmount);
  const prefix = wide(page, 1024) ? 'admin-application-row-' : 'admin-application-card-';
  const pager = page.getByRole('navigation', { name: 'Applications pages' });

  await markToursSeen(page);
  await signInAsAdmin(page);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Applications' }).click();

  // Search: the server finds the 60, newest first, 50 to a page.
  await page.getByLabel('Search applications').fill(book.lastName);
  await expectPager(page, 'Showing 1–50 of 60 applications');
  await expect(page.getByTestId('applications-count')).toHaveText('60 applications match');
  await expectShownIds(page, prefix, newestFirst.slice(0, 50));
  await expect(page).toHaveURL(new RegExp(`tab=applications.*search=${book.lastName}`));
  await expectNoSeriousAxeViolations(page, 'the paged Applications tab');

  await pager.getByRole('button', { name: 'Next' }).click();
  await expectPager(page, 'Showing 51–60 of 60 applications');
  await expectShownIds(page, prefix, newestFirst.slice(50));
  await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();
  await expect(page).toHaveURL(/[?&]page=2/);

  // A reload (or a shared link) shows the same page of the same search.
  await page.reload();
  await expect(page.getByLabel('Search applications')).toHaveValue(book.lastName);
  await expectPager(page, 'Showing 51–60 of 60 applications');
  await expectShownIds(page, prefix, newestFirst.slice(50));

  // A smaller page starts again from the first.
  await pick(page, 'Rows per page', '25');
  await expectPager(page, 'Showing 1–25 of 60 applications');
  await expectShownIds(page, prefix, newestFirst.slice(0, 25));

  // Sort by amount: the headers on a wide screen (aria-sort, keyboard), the Sort by select on a phone.
  if (wide(page, 1024)) {
    const amount = page.getByRole('columnheader', { name: 'Amount' });
    await expect(amount).toHaveAttribute('aria-sort', 'none');
    await expect(page.getByRole('columnheader', { name: 'Date' })).toHaveAttribute('aria-sort', 'descending');
    await amount.getByRole('button').click();
    await expect(amount).toHaveAttribute('aria-sort', 'descending');
    await expectShownIds(
      page,
      prefix,
      [...byAmount]
        .reverse()
        .slice(0, 25)
        .map((a) => a.id),
    );
    await amount.getByRole('button').focus();
    await page.keyboard.press('Enter');
    await expect(amount).toHaveAttribute('aria-sort', 'ascending');
  } else {
    await pick(page, 'Sort by', 'Amount: high to low');
    await expectShownIds(
      page,
      prefix,
      [...byAmount]
        .reverse()
        .slice(0, 25)
        .map((a) => a.id),
    );
    await pick(page, 'Sort by', 'Amount: low to high');
  }
  await expectShownIds(
    page,
    prefix,
    byAmount.slice(0, 25).map((a) => a.id),
  );
  await expect(page).toHaveURL(/[?&]sort=requestedAmount/);

  checkErrors();
});

test('Applications: status chips count on the server and stay in the address; Export CSV reads every page', async ({
  page,
}) => {
  const checkErrors = collectPageErrors(page);
  const book = await seedApplications(`Zulu${listToken()}`, 60);
  const byAmount = [...book.applications].sort((a, b) => a.requestedAmount - b.requestedAmount);
  const pending = book.applications.at(-1)!;
  const prefix = wide(page, 1024) ? 'admin-application-row-' : 'admin-application-card-';

  await markToursSeen(page);
  await signInAsAdmin(page);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Applications' }).click();
  await page.getByLabel('Search applications').fill(book.lastName);
  await expectPager(page, 'Showing 1–50 of 60 applications');
  await pick(page, 'Rows per page', '25');
  await expectPager(page, 'Showing 1–25 of 60 applications');
  // Smallest amounts first, so the export below has an order other than the default.
  if (wide(page, 1024)) {
    const amount = page.getByRole('columnheader', { name: 'Amount' }).getByRole('button');
    await amount.click();
    await amount.click();
    await expect(page.getByRole('columnheader', { name: 'Amount' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
  } else {
    await pick(page, 'Sort by', 'Amount: low to high');
  }
  await expectShownIds(
    page,
    prefix,
    byAmount.slice(0, 25).map((a) => a.id),
  );

  // Status chips: counts from the server for this search, several at once, kept in the address.
  const review = page.getByRole('button', { name: 'Under Review (1)' });
  const cancelled = page.getByRole('button', { name: 'Cancelled (59)' });
  await review.click();
  await expect(review).toHaveAttribute('aria-pressed', 'true');
  await expectPager(page, 'Showing 1–1 of 1 application');
  await expectShownIds(page, prefix, [pending.id]);
  await cancelled.click();
  await expectPager(page, 'Showing 1–25 of 60 applications');
  await expect(page).toHaveURL(/[?&]status=pending_review%2Ccancelled/);
  await page.reload();
  await expect(review).toHaveAttribute('aria-pressed', 'true');
  await expect(cancelled).toHaveAttribute('aria-pressed', 'true');
  await expectPager(page, 'Showing 1–25 of 60 applications');
  await review.click();
  await expectPager(page, 'Showing 1–25 of 59 applications');

  // Export CSV reads every page of the filtered, sorted set (not the 25 on screen). The first attempt is
  // held at the server's door to see the progress bar, and cancelled: no file.
  let hold = true;
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.pathname === '/api/admin/applications' && url.searchParams.get('pageSize') === '200',
    async (route) => {
      if (hold) await gate;
      await route.continue();
    },
  );
  const exportButton = page.getByRole('button', { name: 'Export CSV' });
  await exportButton.click();
  const progress = page.getByRole('progressbar', { name: 'Exporting applications progress' });
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuenow', '0');
  await expect(exportButton).toBeDisabled();
  await page.getByRole('button', { name: 'Cancel export' }).click();
  await expect(toast(page, 'Export cancelled')).toBeVisible();
  await expect(progress).toHaveCount(0);
  hold = false;
  release();

  const [download] = await Promise.all([page.waitForEvent('download'), exportButton.click()]);
  await expect(toast(page, 'Export successful')).toBeVisible();
  await expect(page.getByRole('region', { name: /Notifications/ })).toContainText(
    '59 applications exported to CSV',
  );
  const rows = await csvRowsOf(download);
  expect(rows[0]![0]).toBe('ID');
  const expected = byAmount.filter((a) => a.status === 'cancelled');
  expect(rows.slice(1).map((r) => Number(r[0]))).toEqual(expected.map((a) => a.id));
  expect(rows.slice(1).map((r) => r[6])).toEqual(expected.map((a) => `${a.requestedAmount}.00`));
  expect(new Set(rows.slice(1).map((r) => r[9]))).toEqual(new Set(['Cancelled']));

  // To the lending page and back by the app's links; the tab starts again from its defaults.
  await page.getByRole('link', { name: 'Lending Management' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lending Management Dashboard' })).toBeVisible();
  await page.getByRole('link', { name: 'Admin Panel' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeVisible();
  checkErrors();
});

// At 1280 px only, as every journey of this file (they are written to work at either width): the lists' cards and the
// Sort by select that replaces the column headers at 390 px are admin-phone.spec.ts's.
test('Users: pages, sorts, filters by role and status on the server, and survives a reload', async ({
  page,
}, testInfo) => {
  const checkErrors = collectPageErrors(page);
  const token = listToken();
  const users = await seedUsers(testInfo, 'lists-users', token, 27);
  const prefix = wide(page, 768) ? 'user-row-' : 'user-card-';
  const suspended = users[2]!;
  const applicant = users[4]!;
  const admin = await adminApi();
  try {
    const patched = await admin.patch(`/api/admin/users/${suspended.id}`, {
      data: { status: 'suspended', reason: 'Paged list journey' },
    });
    expect(patched.status(), await patched.text()).toBe(200);
  } finally {
    await admin.dispose();
  }
  // One of them applies, so sorting by applications puts them first.
  const baseURL = currentBaseUrl();
  const creator = await request.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL },
  });
  try {
    const login = await creator.post('/api/login', {
      data: { username: applicant.email, password: 'Creator-pass-2026' },
    });
    expect(login.status(), await login.text()).toBe(200);
    const submitted = await creator.post('/api/applications', {
      data: {
        applicationType: 'personal',
        ...E2E_IDENTITY,
        firstName: applicant.firstName,
        lastName: applicant.lastName,
        businessName: '',
        requestedAmount: 5_000,
        monthlyRevenue: 8_000,
        useOfFunds: ['equipment_purchase'],
        otherUseOfFunds: '',
        termsAccepted: true,
        manualPlatforms: [],
      },
    });
    expect(submitted.status(), await submitted.text()).toBe(201);
  } finally {
    await creator.dispose();
  }
  const byName = users.map((u) => u.id);

  await signInAsAdmin(page);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Users' }).click();
  const search = page.getByRole('searchbox', { name: 'Search users' });
  await search.fill(`Mokoena${token}`);
  await expect(page.getByTestId('users-count')).toHaveText('27 users match');
  await expectPager(page, 'Showing 1–27 of 27 users');

  await expectNoSeriousAxeViolations(page, 'the paged Users tab');
  await pick(page, 'Rows per page', '25');
  await expectPager(page, 'Showing 1–25 of 27 users');
  if (wide(page, 768)) {
    const user = page.getByRole('columnheader', { name: 'User' });
    await user.getByRole('button').click();
    await expect(user).toHaveAttribute('aria-sort', 'ascending');
  } else {
    await pick(page, 'Sort by', 'Name: A to Z');
  }
  await expectShownIds(page, prefix, byName.slice(0, 25));
  await page.getByRole('navigation', { name: 'Users pages' }).getByRole('button', { name: 'Next' }).click();
  await expectPager(page, 'Showing 26–27 of 27 users');
  await expectShownIds(page, prefix, byName.slice(25));

  await page.reload();
  await expect(search).toHaveValue(`Mokoena${token}`);
  await expectPager(page, 'Showing 26–27 of 27 users');
  await expectShownIds(page, prefix, byName.slice(25));

  if (wide(page, 768)) {
    const applications = page.getByRole('columnheader', { name: 'Applications' });
    await applications.getByRole('button').click();
    await expect(applications).toHaveAttribute('aria-sort', 'descending');
  } else {
    await pick(page, 'Sort by', 'Most applications');
  }
  await expectPager(page, 'Showing 1–25 of 27 users');
  await expect.poll(async () => (await shownIds(page, prefix))[0]).toBe(applicant.id);

  await pick(page, 'Status', 'Suspended');
  await expectPager(page, 'Showing 1–1 of 1 user');
  await expectShownIds(page, prefix, [suspended.id]);
  await expect(page).toHaveURL(/[?&]status=suspended/);
  await page.reload();
  await expectShownIds(page, prefix, [suspended.id]);

  await pick(page, 'Role', 'Admin');
  await expect(page.getByText('No users found')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(search).toHaveValue('');
  await expect(page).toHaveURL(/\/admin\?tab=users(&sort=-applicationCount)?(&pageSize=25)?$/);
  checkErrors();
});

test('Lending Data: pages and sorts on the server, picks a client by search, survives a reload, exports every page', async ({
  page,
}) => {
  const checkErrors = collectPageErrors(page);
  const book = await seedApplications(`Dube${listToken()}`, 30);
  const prefix = wide(page, 768) ? 'lending-row-' : 'lending-card-';
  const newestFirst = book.applications.map((a) => a.id).reverse();
  const byAmountDesc = [...book.applications].sort((a, b) => b.requestedAmount - a.requestedAmount);

  await signInAsAdmin(page);
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Lending Management' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lending Management Dashboard' })).toBeVisible();

  await page.getByLabel('Search', { exact: true }).fill(book.lastName);
  await expect(page.getByTestId('lending-subtitle')).toHaveText(/^30 applications · \d+ loans?$/);
  await expectPager(page, 'Showing 1–30 of 30 applications');
  await expectShownIds(page, prefix, newestFirst);
  await expectNoSeriousAxeViolations(page, 'the paged Lending Data');

  await pick(page, 'Rows per page', '25');
  await expectPager(page, 'Showing 1–25 of 30 applications');
  await pick(page, 'Sort by', 'Amount: high to low');
  await expectShownIds(
    page,
    prefix,
    byAmountDesc.slice(0, 25).map((a) => a.id),
  );
  await page
    .getByRole('navigation', { name: 'Lending data pages' })
    .getByRole('button', { name: 'Next' })
    .click();
  await expectPager(page, 'Showing 26–30 of 30 applications');
  await expectShownIds(
    page,
    prefix,
    byAmountDesc.slice(25).map((a) => a.id),
  );

  await page.reload();
  await expect(page.getByLabel('Search', { exact: true })).toHaveValue(book.lastName);
  await expectPager(page, 'Showing 26–30 of 30 applications');
  await expectShownIds(
    page,
    prefix,
    byAmountDesc.slice(25).map((a) => a.id),
  );

  // The Client picker asks the server as the admin types; the choice is kept by id in the address.
  const label = `${book.firstName} ${book.lastName} (${book.email})`;
  await page.getByRole('combobox', { name: 'Client' }).click();
  await page.getByRole('combobox', { name: 'Search clients' }).fill(book.lastName);
  await page.getByRole('option', { name: label }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]userId=${book.userId}`));
  await expect(page.getByTestId('client-picker-value')).toHaveText(label);
  await expectPager(page, 'Showing 1–25 of 30 applications');
  await page.reload();
  await expect(page.getByTestId('client-picker-value')).toHaveText(label);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export Data' }).click(),
  ]);
  await expect(toast(page, 'Export successful')).toBeVisible();
  const rows = await csvRowsOf(download);
  expect(rows[0]![0]).toBe('Application ID');
  expect(rows.slice(1).map((r) => Number(r[0]))).toEqual(byAmountDesc.map((a) => a.id));

  await page.getByRole('link', { name: 'Admin Panel' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeVisible();
  checkErrors();
});

test('Applications: Export CSV of a set larger than one export page reads every page', async ({ page }) => {
  const checkErrors = collectPageErrors(page);
  // 230 applications (more than the export's 200 a request) made at once by the development seeding route:
  // submitting them one by one through the form's API would take minutes.
  const lastName = `Dlamini${listToken()}`;
  const api = await request.newContext({
    baseURL: currentBaseUrl(),
    extraHTTPHeaders: { origin: currentBaseUrl() },
  });
  const amounts = Array.from({ length: 230 }, (_, i) => 2_000 + 100 * i);
  const seeded = await api.post('/dev/admin/seed-applications', { data: { lastName, amounts } });
  expect(seeded.status(), await seeded.text()).toBe(200);
  const ids = ((await seeded.json()) as { applications: Array<{ id: number }> }).applications.map(
    (a) => a.id,
  );
  await api.dispose();
  const exportPages: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/api/admin/applications' && url.searchParams.get('pageSize') === '200')
      exportPages.push(url.searchParams.get('page') ?? '1');
  });

  await markToursSeen(page);
  await signInAsAdmin(page);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Applications' }).click();
  await page.getByLabel('Search applications').fill(lastName);
  await expectPager(page, 'Showing 1–50 of 230 applications');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  await expect(page.getByRole('region', { name: /Notifications/ })).toContainText(
    '230 applications exported to CSV',
  );
  expect(exportPages).toEqual(['1', '2']);
  const rows = await csvRowsOf(download);
  expect(rows).toHaveLength(231);
  // Newest first, as on screen: the seeding made them a minute apart, the newest last.
  expect(rows.slice(1).map((r) => Number(r[0]))).toEqual([...ids].sort((a, b) => b - a));
  expect(new Set(rows.slice(1).map((r) => r[2]))).toEqual(new Set([`Naledi ${lastName}`]));
  checkErrors();
});
