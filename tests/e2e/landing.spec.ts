// The landing page (its calculator, metrics demo and eligibility score): every figure is worked out here from the rules, not read from the product's code.
import { expect, type Locator, type Page, test } from '@playwright/test';
import { SAMPLE_PLATFORM_EARNINGS } from '../../src/shared/finance/metrics-estimate';
import { markToursSeen, normalised, signIn, THANDI } from './support/mailbox';
import { shot } from './support/servicing';

test.describe.configure({ mode: 'parallel' });

/** en-ZA rand with two decimals, spaces normalised: 2160 -> 'R 2 160,00'. */
function rand(amount: number): string {
  const [whole, cents] = amount.toFixed(2).split('.');
  return `R ${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ' ')},${cents}`;
}

/** Section 9: total = amount x 1.08, monthly = total / months, share = monthly / revenue x 100. */
function landingFigures(amount: number, months: number, revenue: number) {
  const total = amount * 1.08;
  const monthly = Math.round((total / months) * 100) / 100;
  const share = (monthly / revenue) * 100;
  const risk = share > 30 ? 'high' : share < 15 ? 'healthy' : 'moderate';
  return { total, monthly, share, risk };
}

async function expectMoney(locator: Locator, amount: number): Promise<void> {
  await expect.poll(async () => normalised(await locator.textContent())).toBe(rand(amount));
}

/** The platform-count choices are visually hidden radios inside big labels: click the label, as people do. */
async function choosePlatforms(tools: Locator, option: string): Promise<void> {
  const radio = tools.page().getByRole('radio', { name: option, exact: true });
  await tools.locator('label', { has: radio }).click();
  await expect(tools.getByRole('radio', { name: option, exact: true })).toBeChecked();
}

async function openTools(page: Page, tab: 'Calculator' | 'Metrics' | 'Eligibility'): Promise<Locator> {
  await page.goto('/');
  const tools = page.locator('#tools');
  await tools.getByRole('tab', { name: tab }).click();
  await expect(tools.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
  return tools;
}

async function expectCalculator(page: Page, amount: number, months: number, revenue: number) {
  const expected = landingFigures(amount, months, revenue);
  await expect(page.getByRole('slider', { name: 'Financing amount' })).toHaveAttribute(
    'aria-valuenow',
    String(amount),
  );
  await expect(page.getByRole('slider', { name: 'Repayment period' })).toHaveAttribute(
    'aria-valuenow',
    String(months),
  );
  await expect(page.getByRole('slider', { name: 'Monthly revenue' })).toHaveAttribute(
    'aria-valuenow',
    String(revenue),
  );
  await expectMoney(page.getByTestId('calc-total'), expected.total);
  await expectMoney(page.getByTestId('calc-monthly'), expected.monthly);
  // One decimal, en-ZA comma: '1,8%' (a '.' is accepted too).
  const share = expected.share.toFixed(1).replace('.', '[,.]');
  await expect(page.getByTestId('calc-share')).toHaveText(new RegExp(`^${share}\\s?%$`));
  await expect(page.getByTestId('calc-risk')).toHaveAttribute('data-risk', expected.risk);
  return expected;
}

/** Moves a slider with the keyboard only, as a keyboard user would. */
async function pressOn(page: Page, slider: string, ...keys: string[]): Promise<void> {
  const thumb = page.getByRole('slider', { name: slider });
  await thumb.focus();
  for (const key of keys) await thumb.press(key);
}

test.describe('calculator', () => {
  test('defaults are R2,160.00, R180.00 a month, 1.8 %, healthy; R50,000 over 1 month on R100,000 is 54 %, high', {
    tag: '@phone',
  }, async ({ page }) => {
    await openTools(page, 'Calculator');
    const defaults = await expectCalculator(page, 2_000, 12, 10_000);
    expect(defaults).toMatchObject({ total: 2_160, monthly: 180, risk: 'healthy' });
    await expect(page.getByTestId('calc-total')).toHaveText(/^R\s2\s160,00$/);
    await expect(page.getByTestId('calc-monthly')).toHaveText(/^R\s180,00$/);
    await expect(page.getByTestId('calc-share')).toHaveText(/^1,8\s?%$/);
    await expect(page.getByTestId('calc-risk')).toContainText('Healthy');
    // The calculator's flat 8 % rule, said as an illustration with its annual rate ("Advertising"): the real
    // cost depends on the score and is held within the National Credit Act's ceilings.
    const illustration = page.getByTestId('calc-illustrative');
    await expect(illustration).toContainText(
      /An illustrative example, not an offer: an 8% cost, which is an annualised cost rate of \d+,\d% over 12 months\./,
    );
    await expect(illustration).toContainText('held within the National Credit Act');
    await expect(illustration.getByRole('link', { name: 'How we price financing' })).toHaveAttribute(
      'href',
      '/faq#limits-and-terms',
    );
    await page.getByTestId('calc-risk').scrollIntoViewIfNeeded();
    await shot(page, 'landing-calculator');

    await pressOn(page, 'Financing amount', 'End');
    await pressOn(page, 'Repayment period', 'Home');
    await pressOn(page, 'Monthly revenue', 'End');
    const high = await expectCalculator(page, 50_000, 1, 100_000);
    expect(high).toMatchObject({ total: 54_000, monthly: 54_000, risk: 'high' });
    await expect(page.getByTestId('calc-share')).toHaveText(/^54,0\s?%$/);
    await expect(page.getByTestId('calc-risk')).toContainText('High risk');
    // 8 % in one month is far more a year than 8 % over twelve.
    await expect(illustration).toContainText(/annualised cost rate of \d{3},\d% over 1 month\./);

    // The other ends of the ranges: R2,000 over 24 months on R1,000 is R90.00 a month, 9 %.
    await pressOn(page, 'Financing amount', 'Home');
    await pressOn(page, 'Repayment period', 'End');
    await pressOn(page, 'Monthly revenue', 'Home');
    const low = await expectCalculator(page, 2_000, 24, 1_000);
    expect(low).toMatchObject({ total: 2_160, monthly: 90, risk: 'healthy' });
  });

  test('R20,000 over 12 months on R7,000 is 25.7 %, moderate; exactly 30 % and exactly 15 % are moderate too', async ({
    page,
  }) => {
    await openTools(page, 'Calculator');
    // R50,000 then three pages of ten R1,000 steps down: R20,000. Revenue three steps down: R7,000.
    await pressOn(page, 'Financing amount', 'End', 'PageDown', 'PageDown', 'PageDown');
    await pressOn(page, 'Monthly revenue', 'ArrowLeft', 'ArrowLeft', 'ArrowLeft');
    const moderate = await expectCalculator(page, 20_000, 12, 7_000);
    expect(moderate).toMatchObject({ total: 21_600, monthly: 1_800, risk: 'moderate' });
    await expect(page.getByTestId('calc-share')).toHaveText(/^25,7\s?%$/);
    await expect(page.getByTestId('calc-risk')).toContainText('Moderate');

    // R50,000 -> R54,000 over 18 months = R3,000 on R10,000: 30.0 %, which is not above 30.
    await pressOn(page, 'Financing amount', 'End');
    await pressOn(page, 'Repayment period', ...Array<string>(6).fill('ArrowRight'));
    await pressOn(page, 'Monthly revenue', 'ArrowRight', 'ArrowRight', 'ArrowRight');
    expect((await expectCalculator(page, 50_000, 18, 10_000)).risk).toBe('moderate');
    await expect(page.getByTestId('calc-share')).toHaveText(/^30,0\s?%$/);

    // R25,000 -> R27,000 over 18 months = R1,500 on R10,000: 15.0 %, which is not below 15.
    await pressOn(page, 'Financing amount', 'PageDown', 'PageDown', ...Array<string>(5).fill('ArrowLeft'));
    expect((await expectCalculator(page, 25_000, 18, 10_000)).risk).toBe('moderate');
    await expect(page.getByTestId('calc-share')).toHaveText(/^15,0\s?%$/);
  });
});

test('metrics: the estimate is 3x the latest sample month, repaid over 12 months at 1.08', async ({
  page,
}) => {
  const tools = await openTools(page, 'Metrics');
  const latest = SAMPLE_PLATFORM_EARNINGS.at(-1)!;
  const monthly = latest.youtube + latest.instagram + latest.tiktok;
  const estimate = monthly * 3;
  expect(estimate).toBe(34_500);
  await expectMoney(page.getByTestId('metrics-estimate'), estimate);
  // The chart's money axis in the product's one money rule ('R 10 000'), never 'R10k'.
  await tools.locator('figure').scrollIntoViewIfNeeded();
  const ticks = tools.locator('svg text').filter({ hasText: /^R/ });
  await expect(ticks.first()).toBeVisible();
  for (const tick of await ticks.allTextContents()) expect(tick).toMatch(/^R\s\d{1,3}(\s\d{3})*$/);
  await shot(tools.locator('figure'), 'landing-metrics-chart');

  const row = (label: string) =>
    tools.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
  await expectMoney(row('Monthly earnings used'), monthly);
  await expectMoney(row('Total repayment'), estimate * 1.08);
  await expect(
    tools.getByText(/with an 8% cost\. Your real cost depends on your credit score\./),
  ).toBeVisible();
  await tools.getByText(/with an 8% cost/).scrollIntoViewIfNeeded();
  await shot(page, 'landing-metrics');
  await expectMoney(row('Monthly payment'), (estimate * 1.08) / 12);
  await expect(tools.getByText('Sample data')).toBeVisible();
});

test.describe('eligibility', () => {
  /** Answers the three steps from step 1 and returns the verdict. */
  async function answer(
    tools: Locator,
    platforms: string,
    monthKeys: string[],
    revenue: string,
    fresh = true,
  ) {
    await expect(tools.getByText('Step 1 of 3')).toBeVisible();
    const cont = tools.getByRole('button', { name: 'Continue' });
    // Nothing chosen yet: Continue waits for a choice.
    if (fresh) await expect(cont).toBeDisabled();
    await choosePlatforms(tools, platforms);
    await cont.click();

    await expect(tools.getByText('Step 2 of 3')).toBeVisible();
    await pressOn(tools.page(), 'Months active', ...monthKeys);
    await cont.click();

    await expect(tools.getByText('Step 3 of 3')).toBeVisible();
    await expect(cont).toBeDisabled();
    await tools.getByLabel('Average monthly revenue (R)').fill(revenue);
    await cont.click();
    return tools.getByTestId('eligibility-result');
  }

  async function startOver(tools: Locator): Promise<void> {
    await tools.getByRole('button', { name: 'Start Over' }).click();
    await expect(tools.getByTestId('eligibility-result')).toHaveCount(0);
    await expect(tools.getByText('Step 1 of 3')).toBeVisible();
    await expect(tools.getByText('How many platforms do you earn money on?')).toBeVisible();
    await expect(tools.getByRole('radio', { checked: true })).toHaveCount(0);
    await expect(tools.getByRole('button', { name: 'Continue' })).toBeDisabled();
  }

  test('3 platforms, 18 months, R8,000 scores 9: eligible; Start Over; 1, 1 month, R500 scores 3: ineligible', {
    tag: '@phone',
  }, async ({ page }) => {
    const tools = await openTools(page, 'Eligibility');
    // The slider starts at 6 months: a page of ten and two steps make 18.
    // The revenue typed the South African way ('8 000'), as every money field takes it.
    const eligible = await answer(tools, '3', ['PageUp', 'ArrowRight', 'ArrowRight'], '8 000');
    await expect(eligible).toHaveAttribute('data-result', 'eligible');
    await expect(eligible).toContainText('Score: 9 of 9 points');
    await expect(eligible.getByRole('link', { name: 'Apply for Financing' })).toBeVisible();

    await startOver(tools);
    const ineligible = await answer(tools, '1', ['Home'], '500');
    await expect(ineligible).toHaveAttribute('data-result', 'ineligible');
    await expect(ineligible).toContainText('Score: 3 of 9 points');
    await expect(ineligible.getByRole('link', { name: 'Apply for Financing' })).toHaveCount(0);
  });

  test('2 platforms, 12 months, R3,000 scores 6: partial (Back keeps the answer); 5+, 36, R7,999.99 scores 8', async ({
    page,
  }) => {
    const tools = await openTools(page, 'Eligibility');
    await expect(tools.getByRole('button', { name: 'Back' })).toBeDisabled();
    await choosePlatforms(tools, '2');
    await tools.getByRole('button', { name: 'Continue' }).click();
    await expect(tools.getByText('Step 2 of 3')).toBeVisible();
    await tools.getByRole('button', { name: 'Back' }).click();
    await expect(tools.getByText('Step 1 of 3')).toBeVisible();
    await expect(tools.getByRole('radio', { name: '2', exact: true })).toBeChecked();

    const partial = await answer(tools, '2', Array<string>(6).fill('ArrowRight'), '3000', false);
    await expect(partial).toHaveAttribute('data-result', 'partial');
    await expect(partial).toContainText('Score: 6 of 9 points');
    await expect(partial.getByRole('link', { name: 'Apply for Financing' })).toBeVisible();

    await startOver(tools);
    // 3 + 3 + 2: revenue just under the top band still makes eligible.
    const eligible = await answer(tools, '5+', ['End'], '7999.99');
    await expect(eligible).toHaveAttribute('data-result', 'eligible');
    await expect(eligible).toContainText('Score: 8 of 9 points');
  });
});

test.describe('hero and footer', () => {
  test('logged out: Apply for Financing goes to /auth?redirect=/apply, Grow Your Business to the tools, no View Dashboard', {
    tag: '@phone',
  }, async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login', exact: true })).toBeVisible();
    await expect(page.getByTestId('hero-dashboard')).toHaveCount(0);
    await expect(page.getByTestId('hero-grow')).toHaveText(/Grow Your Business/);

    await page.getByTestId('hero-grow').click();
    await expect(page).toHaveURL(/\/#tools$/);
    await expect(page.locator('#tools').getByRole('tab', { name: 'Calculator' })).toBeInViewport();

    // Every apply button on the page sends a logged-out visitor to sign in first.
    const applyLinks = page.getByRole('link', { name: /Apply for Financing/ });
    expect(await applyLinks.count()).toBeGreaterThan(1);
    for (const href of await applyLinks.evaluateAll((links) => links.map((a) => a.getAttribute('href')))) {
      expect(href).toMatch(/^\/auth\?redirect=(%2F|\/)apply$/);
    }

    await page.getByTestId('hero-apply').click();
    await expect(page).toHaveURL(/\/auth\?redirect=(%2F|\/)apply$/);
  });

  test('logged in: the header greets the user, View Dashboard and Apply for Financing lead to the app', async ({
    page,
  }) => {
    await markToursSeen(page);
    await signIn(page, THANDI.email, THANDI.password);
    await page.goto('/');
    await expect(
      page.getByRole('banner').getByText(`Welcome, ${THANDI.firstName}`).filter({ visible: true }),
    ).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login', exact: true })).toHaveCount(0);
    await expect(page.getByTestId('hero-dashboard')).toHaveText('View Dashboard');
    await expect(page.getByTestId('hero-apply')).toHaveAttribute('href', '/apply');

    await page.getByTestId('hero-dashboard').click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/');
    await page.getByTestId('hero-apply').click();
    await expect(page).toHaveURL(/\/apply$/);
    await expect(page.getByRole('heading', { name: 'Apply for Creator Financing' })).toBeVisible();
  });

  test('the footer links open Terms & Conditions, FAQ and Privacy Policy', async ({ page }) => {
    const pages = [
      { link: 'Terms & Conditions', path: '/terms', heading: 'Terms & Conditions' },
      { link: 'FAQ', path: '/faq', heading: 'Frequently Asked Questions' },
      { link: 'Privacy Policy', path: '/privacy', heading: /Privacy Policy/ },
    ];
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(/©\s*\d{4} Vuka Capital/);
    for (const target of pages) {
      await footer.getByRole('link', { name: target.link, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${target.path}$`));
      await expect(page.getByRole('heading', { level: 1, name: target.heading })).toBeVisible();
    }
  });
});
