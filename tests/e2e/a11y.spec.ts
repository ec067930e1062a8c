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

const PAGES = [
  { name: 'landing /', path: '/', heading: 'Financing that grows with your content' },
  { name: '/terms', path: '/terms', heading: 'Terms & Conditions' },
  { name: '/privacy', path: '/privacy', heading: 'Privacy Policy' },
  { name: '/faq', path: '/faq', heading: 'Frequently Asked Questions' },
  { name: '/reset-password without a token', path: '/reset-password', heading: 'Invalid Reset Link' },
  { name: '/reset-password with a token', path: '/reset-password?token=abc', heading: 'Reset your password' },
  { name: 'the 404 page', path: '/no-such-page', heading: '404 Page Not Found' },
] as const;

for (const target of PAGES) {
  test(`${target.name} has no serious or critical axe violations`, { tag: '@phone' }, async ({ page }) => {
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
