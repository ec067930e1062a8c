import { expect, test } from '@playwright/test';
import { signInByApi, skipTours } from './support/creator';
import { CREATOR_PASSWORD } from './support/mailbox';

test('debug overflow', async ({ page }) => {
  await skipTours(page);
  await signInByApi(page, 'bongani@vuka.demo', CREATOR_PASSWORD);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Active Repayment Plans' })).toBeVisible();
  await page.waitForTimeout(2000);
  const wide = await page.evaluate(() => {
    const out: string[] = [];
    const vw = document.documentElement.clientWidth;
    for (const el of Array.from(document.querySelectorAll('body *'))) {
      const r = el.getBoundingClientRect();
      if (r.right > vw + 1 && r.width > 0) out.push(`${el.tagName}.${String(el.className).slice(0, 80)} right=${Math.round(r.right)} w=${Math.round(r.width)} text=${(el.textContent ?? '').slice(0, 40)}`);
    }
    return out.slice(0, 30);
  });
  console.log(wide.join('\n'));
  await page.screenshot({ path: `/tmp/creator-debug/bongani-${test.info().project.name}.png`, fullPage: true });
});
