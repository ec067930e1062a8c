// Every screen reached the way a person reaches it: by the app's own links, never by typing an address.
// Moving between screens that share cached data is where a client-side contract drift shows (the admin
// panel and the lending page once cached different shapes under one key and crashed on the way back), so each
// journey fails on any error thrown in the page, any error toast and any "failed to load" panel on the way.
import { expect, type Locator, type Page, test } from '@playwright/test';
import { newCreator, skipTours } from './support/creator';
import { ADMIN, loginForm, markToursSeen, openMenuIfNeeded, signIn, signOut } from './support/mailbox';

test.describe.configure({ mode: 'parallel' });

/** Collects errors thrown in the page; `check()` fails the journey if any came, or if an error shows now. */
function watchForErrors(page: Page) {
  const thrown: string[] = [];
  page.on('pageerror', (error) => thrown.push(error.message));
  return async (where: string) => {
    expect(thrown, `errors thrown in the page by ${where}`).toEqual([]);
    await expect(page.locator('li.destructive'), `an error toast on ${where}`).toHaveCount(0);
    await expect(
      page.getByText(/Failed to fetch|Cannot read properties|is not a function|Something went wrong/),
      `an error panel on ${where}`,
    ).toHaveCount(0);
  };
}

/** A link of the header (inside the menu sheet on a phone, once signed in; Login is always in the bar). */
async function headerLink(page: Page, name: string): Promise<Locator> {
  if (name !== 'Login') await openMenuIfNeeded(page);
  return page.getByRole('link', { name, exact: true }).filter({ visible: true }).first();
}

async function follow(
  page: Page,
  link: Locator,
  heading: string | RegExp,
  check: (where: string) => Promise<void>,
) {
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await check(typeof heading === 'string' ? heading : heading.source);
}

test(
  'a visitor and a creator reach every public and creator screen by the links',
  { tag: '@phone' },
  async ({ page }, testInfo) => {
    const check = watchForErrors(page);
    await skipTours(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const footer = page.getByRole('contentinfo');
    await follow(page, footer.getByRole('link', { name: 'FAQ' }), /Frequently Asked Questions|FAQ/, check);
    await follow(page, footer.getByRole('link', { name: 'Terms & Conditions' }), /Terms/, check);
    await follow(page, footer.getByRole('link', { name: 'Privacy Policy' }), /Privacy/, check);

    // Signs up through the API (its own journey is in accounts.spec.ts), then signs in from the header's link.
    const creator = await newCreator(page, testInfo, 'navigation');
    await page.context().clearCookies();
    await page.goto('/');
    await (await headerLink(page, 'Login')).click();
    await expect(loginForm(page)).toBeVisible();
    await signIn(page, creator.email, creator.password);
    await expect(
      page.getByRole('heading', { level: 1, name: `Welcome, ${creator.firstName}` }),
    ).toBeVisible();
    await check('the dashboard');

    await follow(page, await headerLink(page, 'Settings'), 'Settings', check);
    await follow(page, await headerLink(page, 'Dashboard'), `Welcome, ${creator.firstName}`, check);
    const apply = page.getByRole('link', { name: /Apply/ }).filter({ visible: true }).first();
    await follow(page, apply, 'Apply for Creator Financing', check);
    await follow(page, await headerLink(page, 'Dashboard'), `Welcome, ${creator.firstName}`, check);
    await signOut(page);
    await check('signing out');
  },
);

test('an admin moves between the admin panel, its tabs, a user, the lending page and the creator screens', async ({
  page,
}) => {
  const check = watchForErrors(page);
  await markToursSeen(page);
  await page.goto('/');
  await (await headerLink(page, 'Login')).click();
  await signIn(page, ADMIN.email, ADMIN.password);
  await check('signing in');
  // Staff land on the Admin Panel: the back office is what they come for.
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeVisible();

  // The top navigation leads to the loan book from anywhere, and back by the panel's own links.
  await follow(page, await headerLink(page, 'Lending'), 'Lending Management Dashboard', check);
  await follow(page, page.getByRole('main').getByRole('link', { name: 'Admin Panel' }), 'Admin Panel', check);
  for (const tab of ['Applications', 'Users', 'Reports', 'Overview']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    await check(`the ${tab} tab`);
  }

  // Lending and back, twice: the second visit reads what the first one cached.
  for (let round = 0; round < 2; round++) {
    await follow(
      page,
      page.getByRole('link', { name: 'Lending Management' }),
      'Lending Management Dashboard',
      check,
    );
    await expect(page.getByTestId('lending-subtitle')).toBeVisible();
    // The header leaves out the admin link on admin pages; the lending page has its own way back.
    await follow(
      page,
      page.getByRole('main').getByRole('link', { name: 'Admin Panel' }),
      'Admin Panel',
      check,
    );
    await expect(page.getByRole('tab', { name: 'Overview' })).toBeVisible();
  }

  // A user's page from the Users tab, and back by its own link.
  await page.getByRole('tab', { name: 'Users' }).click();
  const view = page
    .getByRole('link', { name: /^View / })
    .filter({ visible: true })
    .first();
  await expect(view).toBeVisible();
  await view.click();
  await expect(page).toHaveURL(/\/admin\/users\/\d+$/);
  await expect(page.getByRole('link', { name: 'Back to Admin Panel' })).toBeVisible();
  await check('a user page');
  await follow(page, page.getByRole('link', { name: 'Back to Admin Panel' }), 'Admin Panel', check);

  // The creator screens an admin has too.
  await follow(page, await headerLink(page, 'Learning Quests'), /Learning Quests/, check);
  await follow(page, await headerLink(page, 'Settings'), 'Settings', check);
  await follow(page, await headerLink(page, 'Dashboard'), /Welcome/, check);
  await follow(page, await headerLink(page, 'Admin Panel'), 'Admin Panel', check);
  await follow(
    page,
    page.getByRole('link', { name: 'Lending Management' }),
    'Lending Management Dashboard',
    check,
  );
});
