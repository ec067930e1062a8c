// Routes and static pages: guards, the /apply shell, 404, Terms, Privacy, FAQ, and no
// sideways scrolling at either project's width. The FAQ accordion's clicks and keys need no browser: they are its
// component test, src/client/features/legal/faq-page.test.tsx.
import { expect, type Page, test } from '@playwright/test';
import { ADMIN, MENU_BREAKPOINT, markToursSeen, openMenuIfNeeded, SIPHO, signIn } from './support/mailbox';

test.describe.configure({ mode: 'parallel' });

const PROTECTED = ['/dashboard', '/settings', '/learning-quests', '/admin', '/admin/lending'] as const;
const ADMIN_ONLY = ['/admin', '/admin/lending'] as const;

const pathOf = (page: Page) => new URL(page.url()).pathname;
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The top bar's links for this user on this page, through the menu on phones. */
async function expectTopBarLinks(page: Page, expected: string[]): Promise<void> {
  await openMenuIfNeeded(page);
  const nav = page.getByRole('navigation', { name: 'Main' }).filter({ visible: true });
  await expect(nav.getByRole('link'), `top bar links on ${pathOf(page)}`).toHaveText(expected);
  await expect(page.getByRole('button', { name: 'Logout', exact: true })).toBeVisible();
  if ((page.viewportSize()?.width ?? MENU_BREAKPOINT) < MENU_BREAKPOINT) {
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
  }
}

test.describe('route guards and the top bar', () => {
  test('logged out, every protected page sends the visitor to /auth?redirect=<the page>', async ({
    page,
  }) => {
    for (const path of PROTECTED) {
      await page.goto(path);
      await expect(page, `logged-out visit to ${path}`).toHaveURL(
        new RegExp(`/auth\\?redirect=${escapeRegExp(encodeURIComponent(path))}$`),
      );
      await expect(page.getByRole('form', { name: 'Login' })).toBeVisible();
    }
  });

  test('a creator is sent from admin pages to /dashboard, has the Learning Quests link, and sees no admin links', {
    tag: '@phone',
  }, async ({ page }) => {
    await markToursSeen(page);
    await signIn(page, SIPHO.email, SIPHO.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    // Dashboard is hidden on the dashboard; Admin Panel is for admins; Learning Quests is for everyone.
    await expectTopBarLinks(page, ['Learning Quests', 'Settings']);
    for (const path of ADMIN_ONLY) {
      await page.goto(path);
      await expect(page, `creator visit to ${path}`).toHaveURL(/\/dashboard$/);
    }
    await page.goto('/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expectTopBarLinks(page, ['Dashboard', 'Learning Quests']);
    await page.goto('/learning-quests');
    await expect(page).toHaveURL(/\/learning-quests$/);
    await expectTopBarLinks(page, ['Dashboard', 'Learning Quests', 'Settings']);
  });

  test('an admin sees the Admin Panel and the Lending Management Dashboard, and the admin links', {
    tag: '@phone',
  }, async ({ page }) => {
    await markToursSeen(page);
    await signIn(page, ADMIN.email, ADMIN.password);
    // Staff land on the Admin Panel; the top bar leads to the loan book (Admin Panel is hidden under /admin).
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: /Admin Panel/ })).toBeVisible();
    await expectTopBarLinks(page, ['Dashboard', 'Lending', 'Learning Quests', 'Settings']);
    await page.goto('/dashboard');
    await expectTopBarLinks(page, ['Admin Panel', 'Lending', 'Learning Quests', 'Settings']);
    await page.goto('/admin/lending');
    await expect(page).toHaveURL(/\/admin\/lending$/);
    await expect(page.getByRole('heading', { level: 1, name: /Lending/ })).toBeVisible();
    await expectTopBarLinks(page, ['Dashboard', 'Learning Quests', 'Settings']);
  });
});

test('/apply logged out shows Login Required, and Login or Register Now leads to /auth?redirect=/apply', async ({
  page,
}) => {
  await page.goto('/apply');
  await expect(page.getByRole('heading', { name: 'Login Required' })).toBeVisible();
  for (const reason of [
    'Secure processing',
    'Status updates',
    'Personalised options',
    'Repayment schedule management',
  ]) {
    await expect(page.getByText(reason, { exact: true })).toBeVisible();
  }
  await page.getByRole('link', { name: 'Login or Register Now' }).click();
  await expect(page).toHaveURL(/\/auth\?redirect=(%2F|\/)apply$/);
});

test('an unknown path shows the not-found page', async ({ page }) => {
  await page.goto('/no-such-page/here');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  await expect(page).toHaveURL(/\/no-such-page\/here$/);
});

for (const doc of [
  { path: '/terms', title: 'Terms & Conditions', sections: 13 },
  { path: '/privacy', title: 'Privacy Policy', sections: 9 },
]) {
  test(`${doc.path} shows ${doc.sections} numbered sections`, async ({ page }) => {
    await page.goto(doc.path);
    await expect(page.getByRole('heading', { level: 1, name: doc.title })).toBeVisible();
    const headings = page.getByRole('main').getByRole('heading', { level: 2, name: /^\d+\. / });
    await expect(headings).toHaveCount(doc.sections);
    const texts = await headings.allTextContents();
    expect(texts.map((t) => Number(t.match(/^(\d+)\./)?.[1]))).toEqual(
      Array.from({ length: doc.sections }, (_, i) => i + 1),
    );
  });
}

test('no page scrolls sideways at this width: /, /auth, /terms, /faq', { tag: '@phone' }, async ({
  page,
}) => {
  for (const path of ['/', '/auth', '/terms', '/faq']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(
      scrollWidth,
      `${path}: page is ${scrollWidth} px wide in a ${innerWidth} px window`,
    ).toBeLessThanOrEqual(innerWidth);
    expect(pathOf(page)).toBe(path);
  }
});
