// Accessibility (WCAG 2.1 A and AA through axe-core): no serious or critical violations on the public pages.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

test.describe.configure({ mode: 'parallel' });

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function expectNoSeriousViolations(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious
    .map(
      (v) =>
        `- ${v.id} (${v.impact}): ${v.help}\n` +
        v.nodes
          .map(
            (n) =>
              `    ${n.target.join(' ')}${n.failureSummary ? `: ${n.failureSummary.split('\n').join(' ')}` : ''}`,
          )
          .join('\n'),
    )
    .join('\n');
  expect(serious, `${label} has serious or critical axe violations:\n${report}`).toEqual([]);
}

// At 390 px only the pages whose parts change with the width (the landing page's hero and calculator and the
// header's menu button, shared by every page; the sign-in tabs) are checked again: the documents and short pages
// stack the same elements in one column, and axe's rules (names, roles, contrast) do not depend on the width.
const PAGES = [
  { name: 'landing /', path: '/', heading: 'Financing that grows with your content', phone: true },
  { name: '/terms', path: '/terms', heading: 'Terms & Conditions', phone: false },
  { name: '/privacy', path: '/privacy', heading: 'Privacy Policy', phone: false },
  { name: '/faq', path: '/faq', heading: 'Frequently Asked Questions', phone: false },
  {
    name: '/reset-password without a token',
    path: '/reset-password',
    heading: 'Invalid Reset Link',
    phone: false,
  },
  {
    name: '/reset-password with a token',
    path: '/reset-password?token=abc',
    heading: 'Reset your password',
    phone: false,
  },
  { name: 'the 404 page', path: '/no-such-page', heading: '404 Page Not Found', phone: false },
] as const;

for (const target of PAGES) {
  test(`${target.name} has no serious or critical axe violations`, {
    tag: target.phone ? ['@phone'] : [],
  }, async ({ page }) => {
    await page.goto(target.path);
    await expect(page.getByRole('heading', { level: 1, name: target.heading })).toBeVisible();
    await expectNoSeriousViolations(page, target.name);
  });
}

test('/auth Login and Register tabs have no serious or critical axe violations', { tag: '@phone' }, async ({
  page,
}) => {
  await page.goto('/auth');
  await expect(page.getByRole('form', { name: 'Login' })).toBeVisible();
  await expectNoSeriousViolations(page, '/auth (Login tab)');

  await page.getByRole('tab', { name: 'Register' }).click();
  await expect(page.getByRole('form', { name: 'Register' })).toBeVisible();
  await expectNoSeriousViolations(page, '/auth (Register tab)');
});
