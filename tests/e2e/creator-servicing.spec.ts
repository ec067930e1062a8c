// The creator's loan over time: the plan card's instalments and two named figures, an overdue
// plan card, early settlement, and the payoff what-if. Each journey makes its own creator and loan through
// the API; time passes for that one loan through the development travel route.
import { expect, type Locator, type Page, test } from '@playwright/test';
import { addBusinessDays } from '../../src/shared/sa-business-days';
import { cents, priced } from './support/admin';
import {
  applicationEntry,
  approveApplication,
  expectText,
  expectTextContaining,
  newCreator,
  payOutAcceptedPlan,
  rand,
  signInByApi,
  skipTours,
  submitApplicationByApi,
} from './support/creator';
import { expectNoHorizontalOverflow } from './support/lending';
import { CREATOR_PASSWORD, toast } from './support/mailbox';
import {
  addDays,
  addMonths,
  creatorWithLoan,
  daysBetween,
  instalmentRows,
  monthAfter,
  recordPaymentByApi,
  servicingOf,
  shortDate,
  shot,
  travelLoan,
} from './support/servicing';

test.describe.configure({ mode: 'parallel' });

async function openDashboard(page: Page): Promise<void> {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Application History' })).toBeVisible();
}

/** A named figure's value: the first part of the dd beside its dt (the rest explains it). */
function figureValue(scope: Locator, label: string): Locator {
  return scope
    .locator('dt', { hasText: new RegExp(`^\\s*${label}\\s*$`) })
    .first()
    .locator('xpath=following-sibling::dd[1]/span[1]');
}

/** A tile of the plan card: its heading (h4) and what is under it. */
function planTile(card: Locator, title: string): Locator {
  return card.getByRole('heading', { name: title, level: 4 }).locator('xpath=..');
}

/** The creator plan, worked out here: withholding % = round(40 - 15 % of the score). */
function creatorPlan(requestedAmount: number, monthlyRevenue: number, score: number) {
  const { total } = priced(requestedAmount, score, monthlyRevenue);
  const withholding = Math.round((4000 - score * 15) / 100);
  const withheldCents = monthlyRevenue * withholding; // revenue x % / 100, in cents
  const instalment = Math.max(Math.ceil(total / 12), Math.ceil(withheldCents / 100));
  return { total, withholding, withheldCents, instalment, count: Math.ceil(total / instalment) };
}

test(
  'a fresh loan: the creator chooses the plan and sees both figures and the instalments, the first one Due',
  { tag: '@phone' },
  async ({ page }, testInfo) => {
    await skipTours(page);
    await newCreator(page, testInfo, 'instalments');
    const application = await submitApplicationByApi(page, {
      requestedAmount: 10_000,
      monthlyRevenue: 4_000,
    });
    await approveApplication(application.id);
    const plan = creatorPlan(10_000, 4_000, application.creditScore!);

    await openDashboard(page);
    await applicationEntry(page, application.id).getByRole('button', { name: 'Setup Repayment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose Your Repayment Plan' });
    const option = dialog.locator('label', { has: page.getByRole('radio', { name: 'Platform Earnings' }) });
    // Two figures, one meaning each: what falls due, and what the earnings are expected to repay.
    await expectText(figureValue(option, 'Instalment'), rand(plan.instalment));
    await expectText(figureValue(option, 'Estimated monthly withholding'), rand(plan.withheldCents / 100));
    await expect(option).toContainText('What falls due each month');
    await expectText(figureValue(option, 'Number of instalments'), String(plan.count));
    await dialog.getByRole('checkbox', { name: 'I accept the terms and conditions' }).check();
    await dialog.getByRole('button', { name: 'Complete Setup' }).click();
    await expect(toast(page, 'Plan accepted')).toBeVisible();
    // The plan starts once the admin records the payout (payout.spec.ts follows that step through the screens).
    await payOutAcceptedPlan(page.request, application.id);

    const card = page.getByTestId(`plan-card-${application.id}`);
    await expect(card).toBeVisible();
    const { today } = await servicingOf(page, application.id);
    const firstDue = addMonths(today, 1);
    const rows = instalmentRows(page, card);
    await expect(rows).toHaveCount(plan.count);
    await expect(rows.first()).toContainText('Due');
    await expect(rows.first()).toContainText(shortDate(firstDue));
    await expectTextContaining(rows.first(), rand(plan.instalment));
    for (let i = 1; i < plan.count; i++) await expect(rows.nth(i)).toContainText('Upcoming');
    await expectTextContaining(rows.last(), shortDate(addMonths(today, plan.count)));
    await expect(card.getByText(`0 of ${plan.count} paid`)).toBeVisible();

    // The Next Payment tile: the instalment falling due, on its real date.
    // What is handed over: the instalment and its 2,5 % platform fee, named, and their sum.
    const next = planTile(card, 'Next Payment');
    const instalmentCents = Math.round(plan.instalment * 100);
    const feeCents = Math.round((instalmentCents * 25) / 1000);
    await expectText(next.getByTestId('amount-due-now'), rand((instalmentCents + feeCents) / 100));
    await expectText(
      next.getByTestId('amount-due-now-parts'),
      `${rand(plan.instalment)} to your financing + ${rand(feeCents / 100)} platform fee`,
    );
    await expect(next).toContainText(`Due ${shortDate(firstDue)}`);
    await expectText(figureValue(card, 'Instalment'), rand(plan.instalment));
    await expectText(figureValue(card, 'Estimated monthly withholding'), rand(plan.withheldCents / 100));
    await expect(card.getByTestId('overdue-notice')).toHaveCount(0);

    await expectNoHorizontalOverflow(page);
    await shot(card, 'plan-card-current');
  },
);

test(
  'an overdue loan: the plan card says how late and how much, and the table marks the late instalments',
  { tag: '@phone' },
  async ({ page }, testInfo) => {
    await skipTours(page);
    const { applicationId } = await creatorWithLoan(page, testInfo, 'overdue');
    await openDashboard(page);
    const card = page.getByTestId(`plan-card-${applicationId}`);
    await expect(instalmentRows(page, card).first()).toContainText('Due');
    await expect(card.getByTestId('overdue-notice')).toHaveCount(0);

    // Move the loan back so its first instalment fell due 45 days ago.
    const before = await servicingOf(page, applicationId);
    const shift = daysBetween(before.today, before.instalments[0]!.dueDate) + 45;
    await travelLoan(page, applicationId, shift);
    const late = before.instalments.filter((i) => addDays(i.dueDate, -shift) < before.today);
    const overdueCents = late.reduce((sum, i) => sum + cents(i.amountDue), 0);
    const current = before.instalments[late.length]!;
    expect(late.length, 'instalments now past their due date').toBeGreaterThanOrEqual(1);

    await page.reload();
    const notice = card.getByTestId('overdue-notice');
    await expect(notice).toBeVisible();
    await expect(notice).toHaveAttribute('role', 'alert');
    await expect(notice).toContainText('Payment overdue');
    await expectTextContaining(notice, `${rand(overdueCents / 100)} is 45 days late.`);
    await expect(notice.getByText('31-60 days late')).toBeVisible();
    // Told to pay, told how: the loan's reference is in the alert itself.
    await expect(notice).toContainText(
      `Pay by EFT with the reference VUKA-${String(applicationId).padStart(6, '0')}-`,
    );
    // The same bucket beside the plan's name, seen even with the card closed.
    await expect(card.getByRole('heading', { level: 3 })).toContainText('31-60 days late');

    const rows = instalmentRows(page, card);
    for (let i = 0; i < late.length; i++) {
      await expect(rows.nth(i)).toHaveAttribute('data-status', 'overdue');
      await expect(rows.nth(i)).toContainText('Overdue');
    }
    await expect(rows.nth(late.length)).toContainText('Due');

    // What to pay now: the arrears and the instalment falling due next.
    const next = planTile(card, 'Next Payment');
    const dueNowCents = overdueCents + cents(current.amountDue);
    await expectText(
      next.getByTestId('amount-due-now'),
      rand((dueNowCents + Math.round((dueNowCents * 25) / 1000)) / 100),
    );
    await expectTextContaining(next, `${rand(overdueCents / 100)} overdue now`);

    // How to pay it: the same amount now, the loan's reference with its check digit, our account.
    const pay = card.getByRole('region', { name: /^Pay R/ });
    await expectTextContaining(
      pay,
      `Pay ${rand((dueNowCents + Math.round((dueNowCents * 25) / 1000)) / 100)} now`,
    );
    await expect(pay).toContainText(`VUKA-${String(applicationId).padStart(6, '0')}-`);
    await expect(pay).toContainText('First National Bank');
    await expect(pay.getByRole('button', { name: 'Copy reference' })).toBeVisible();

    await expectNoHorizontalOverflow(page);
    await shot(card, 'plan-card-overdue');
  },
);

test('paying ahead: the plan card says the creator is ahead and when the next instalment falls due, never late', async ({
  page,
}, testInfo) => {
  await skipTours(page);
  const { applicationId } = await creatorWithLoan(page, testInfo, 'ahead');
  const before = await servicingOf(page, applicationId);
  const [first, second, third] = before.instalments;
  // Two instalments paid on the day of the payout.
  await recordPaymentByApi(
    applicationId,
    ((cents(first!.amountDue) + cents(second!.amountDue)) / 100).toFixed(2),
    before.today,
  );
  await openDashboard(page);
  const card = page.getByTestId(`plan-card-${applicationId}`);
  const notice = card.getByTestId('ahead-notice');
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('You are ahead of your plan');
  await expectTextContaining(notice, `nothing is due before ${shortDate(third!.dueDate)}`);
  await expectTextContaining(notice, `${rand(third!.total)} falls due`);
  await expect(card.getByTestId('overdue-notice')).toHaveCount(0);
  const rows = instalmentRows(page, card);
  await expect(rows.nth(0)).toHaveAttribute('data-status', 'paid');
  await expect(rows.nth(1)).toHaveAttribute('data-status', 'paid');
  const next = planTile(card, 'Next Payment');
  await expect(next).toContainText(shortDate(third!.dueDate));
  await expectTextContaining(next.getByTestId('next-instalment-parts'), `Then ${rand(third!.total)}`);

  // Past the first two due dates, nothing paid since: still not late.
  await travelLoan(page, applicationId, daysBetween(before.today, second!.dueDate) + 1);
  await page.reload();
  await expect(card.getByTestId('overdue-notice')).toHaveCount(0);
  await expect(card.getByTestId('ahead-notice')).toHaveCount(0);
  await expect(rows.nth(2)).toHaveAttribute('data-status', 'due');
  await expectNoHorizontalOverflow(page);
  await shot(card, 'plan-card-ahead');
});

test(
  'settle early: a quote for the principal owed, the saving shown, with a reference, the bank details and a validity date',
  { tag: '@phone' },
  async ({ page, context }, testInfo) => {
    await skipTours(page);
    const { applicationId, totalAmount } = await creatorWithLoan(page, testInfo, 'settle');
    const { today } = await servicingOf(page, applicationId);
    await recordPaymentByApi(applicationId, '500.00', today);
    const remaining = (cents(totalAmount) - 50_000) / 100;
    // Paid out today and R 500 repaid today: settling today costs the R 9 500 of principal left; the finance charge
    // is all saved.
    const settles = 9_500;
    const saving = (cents(totalAmount) - 50_000 - 950_000) / 100;
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);

    await openDashboard(page);
    const card = page.getByTestId(`plan-card-${applicationId}`);
    await expect(card).toContainText('Last payment');
    await card.getByRole('button', { name: 'Settle early' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settle early' });
    await expectTextContaining(dialog, `less than your remaining balance of ${rand(remaining)}`);
    await expect(dialog).toContainText('no fee or penalty of any kind');
    await shot(page, 'settle-early-intro');
    await dialog.getByRole('button', { name: 'Get settlement quote' }).click();

    const quote = dialog.getByTestId('settlement-quote');
    await expect(quote).toBeVisible();
    await expectText(quote.getByTestId('settlement-amount'), rand(settles));
    await expectText(
      quote.getByTestId('settlement-saving'),
      `You save ${rand(saving)} of finance charge not yet earned`,
    );
    const madeOf = quote.getByRole('region', { name: 'What it is made of' });
    await expectTextContaining(madeOf, `Principal still owed${rand(settles)}`);
    await expectTextContaining(madeOf, `Fees and penalties${rand(0)}`);
    const reference = (await quote.getByTestId('settlement-reference').textContent())?.trim() ?? '';
    expect(reference).toMatch(new RegExp(`^VUKA-${applicationId}-[0-9A-Z]{6}$`));
    const validUntil = `Valid until ${shortDate(addBusinessDays(today, 5))}`;
    await expect(quote.getByText(validUntil)).toBeVisible();
    const details = quote.getByRole('region', { name: 'How to pay' });
    await expect(details).toContainText('First National Bank');
    await expect(details).toContainText('Vuka Capital (Pty) Ltd');
    await expect(details).toContainText(/Account number\s*\d{6,}/);
    await expect(details).toContainText(/Branch code\s*\d{6}/);
    await expect(quote).toContainText('Your financing closes when the payment arrives');
    await expect(quote).toContainText('e-mail you');
    await expect(dialog.getByRole('button', { name: 'Get settlement quote' })).toHaveCount(0);

    await quote.getByRole('button', { name: 'Copy reference' }).click();
    await expect(quote.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(reference);
    await shot(page, 'settle-early-dialog');

    // Opening it again shows the same quote straight away.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await card.getByRole('button', { name: 'Settle early' }).click();
    await expect(dialog.getByTestId('settlement-reference')).toHaveText(reference);
    await expectText(dialog.getByTestId('settlement-amount'), rand(settles));
    await expect(dialog.getByText(validUntil)).toBeVisible();
    await expectNoHorizontalOverflow(page);
  },
);

test(
  'when will I be paid off: the payoff month follows the earnings typed, with a chart and a warning when too low',
  { tag: '@phone' },
  async ({ page }, testInfo) => {
    await skipTours(page);
    const { applicationId, totalAmount } = await creatorWithLoan(page, testInfo, 'payoff', {
      monthlyRevenue: 8_000,
    });
    const { today, instalments } = await servicingOf(page, applicationId);
    const firstDue = instalments.find((i) => i.dueDate >= today)!.dueDate;
    const instalmentCents = cents(instalments[0]!.amountDue);
    /** 20 % of the earnings a month, against the total: how many withholdings it takes. */
    const payoff = (earnings: number) => {
      const withheld = earnings * 20; // cents: earnings x 100 x 20 / 100
      const months = Math.ceil(cents(totalAmount) / withheld);
      return {
        months,
        text: `Paid off by ${monthAfter(firstDue, months - 1)}, in ${months} months`,
        withheld,
      };
    };

    await openDashboard(page);
    const card = page.getByTestId(`plan-card-${applicationId}`);
    const projection = card.getByRole('region', { name: 'When will I be paid off?' });
    const earnings = projection.getByLabel('If my platform earnings are');
    const answer = projection.getByTestId('payoff-answer');
    const chart = projection.getByTestId('payoff-chart');
    const warning = projection.getByText(
      'At this level your withholding is below your instalments: you would fall behind.',
    );

    // It opens on the monthly revenue of the application.
    await expect(earnings).toHaveValue('8000');
    const atRevenue = payoff(8_000);
    expect(atRevenue.withheld, 'R1 600 a month is more than the instalment').toBeGreaterThan(instalmentCents);
    await expect(answer).toContainText(atRevenue.text);
    // The chart (and its library) loads as the creator scrolls towards it.
    await answer.scrollIntoViewIfNeeded();
    await expect(chart.locator('svg .recharts-line')).toHaveCount(2);
    await expect(warning).toHaveCount(0);
    // The balance axis in the product's one money rule ('R 8 000').
    const balanceTicks = chart.locator('svg text').filter({ hasText: /^R/ });
    await expect(balanceTicks.first()).toBeVisible();
    for (const tick of await balanceTicks.allTextContents()) expect(tick).toMatch(/^R\s\d{1,3}(\s\d{3})*$/);
    // The months by the one month rule ('Mar 2027'), never 'Mar 27', which reads as a day.
    const monthTicks = chart.locator('svg text').filter({ hasNotText: /^R/ });
    await expect(monthTicks.first()).toHaveText('Today');
    const months = (await monthTicks.allTextContents()).slice(1);
    expect(months.length).toBeGreaterThan(0);
    for (const tick of months) expect(tick).toMatch(/^[A-Z][a-z]{2} \d{4}$/);

    await earnings.fill('20000');
    await expect(answer).toContainText(payoff(20_000).text);
    await expectTextContaining(answer, `${rand(4_000)} withheld a month (20% of ${rand(20_000)})`);
    await expect(chart.locator('svg .recharts-line')).toHaveCount(2);
    await shot(projection, 'projection');

    // R4 000 a month withholds R800, less than the instalment: paid off later, and behind schedule.
    await earnings.fill('4000');
    const low = payoff(4_000);
    expect(low.withheld).toBeLessThan(instalmentCents);
    await expect(answer).toContainText(low.text);
    await expect(warning).toBeVisible();
    await shot(projection, 'projection-behind');

    await earnings.fill('0');
    await expect(answer).toContainText('Not paid off within 5 years at this level');

    // Cleared to the last digit and typed again, key by key: the field holds what was typed (it used to snap back to
    // the starting amount, so typing 8000 gave 120008000).
    await earnings.fill('');
    await expect(earnings).toHaveValue('');
    await earnings.pressSequentially('8000');
    await expect(earnings).toHaveValue('8000');
    await expect(answer).toContainText(atRevenue.text);
    await earnings.fill('-50');
    await expect(projection.getByText('Earnings cannot be negative: enter 0 or more.')).toBeVisible();
    await expect(earnings).toHaveAttribute('aria-invalid', 'true');
    await expect(answer).toHaveCount(0);
    await earnings.fill('8000');
    await expect(answer).toContainText(atRevenue.text);
    await expectNoHorizontalOverflow(page);
  },
);

test('demo creators: a defaulted loan still shows on the dashboard, and an eligible one is told it can renegotiate', async ({
  page,
}) => {
  await skipTours(page);
  await signInByApi(page, 'ayesha@vuka.demo', CREATOR_PASSWORD);
  await openDashboard(page);
  // A loan in default is not an active plan: it has its own heading, and nothing calls its schedule active.
  const plans = page.getByRole('region', { name: 'Financing in Default' });
  const defaulted = plans.getByTestId('overdue-notice');
  await expect(defaulted).toContainText('Financing in default');
  await expect(defaulted).toContainText(/days late\./);
  await expect(plans.getByRole('button', { name: 'Settle early' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Active Repayment Plans' })).toHaveCount(0);
  await expect(page.getByText('Payment Schedule Active')).toHaveCount(0);
  await shot(plans, 'plan-card-defaulted');

  await page.context().clearCookies();
  await signInByApi(page, 'kagiso@vuka.demo', CREATOR_PASSWORD);
  await openDashboard(page);
  const notice = page.getByTestId('renegotiation-notice');
  await expect(notice).toContainText('Your plan can be renegotiated');
  await expect(notice).toContainText('three months in a row');
  await expect(notice).toContainText('Vuka Capital will contact you');
  await shot(page.getByRole('region', { name: 'Active Repayment Plans' }), 'plan-card-renegotiation');
});
