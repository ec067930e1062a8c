// the cost shown before signing (the plan dialog and the
// agreement show the server's quote: cost of credit, each due date, the annualised cost rate), the dialog's
// buttons in view without scrolling, and the statement repeated with its quote and kept as a PDF.
import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { formatZar } from '../../src/shared/format';
import { pdfText } from '../support/pdf-text';
import {
  applicationEntry,
  approveApplication,
  newCreator,
  payOutAcceptedPlan,
  skipTours,
  submitApplicationByApi,
} from './support/creator';
import { creatorWithLoan, shot } from './support/servicing';

test.describe.configure({ mode: 'parallel' });

interface QuoteAnswer {
  costOfCredit: string;
  platformFees: string;
  totalRepayable: string;
  totalPayable: string;
  instalmentCount: number;
  annualCostRate: string;
  instalments: Array<{ number: number; dueDate: string; amount: string; fee: string }>;
}

const INSTALMENT_TABLE = 'Instalments, their due dates and platform fees';

/** '53.32' -> '53,32%' (en-ZA, as the screens print it). */
const percent = (rate: string) => `${rate.replace('.', ',')}%`;

/** '2026-12-23' -> 'December 23, 2026'. */
function longDate(day: string): string {
  const [year, month, date] = day.split('-');
  const name = new Date(Date.UTC(2000, Number(month) - 1, 1)).toLocaleString('en-US', {
    month: 'long',
    timeZone: 'UTC',
  });
  return `${name} ${date}, ${year}`;
}

/** The value (dd) beside a label (dt). */
function figure(scope: Locator, label: string): Locator {
  return scope
    .locator('dt', { hasText: new RegExp(`^\\s*${label}\\s*$`) })
    .first()
    .locator('xpath=following-sibling::dd[1]');
}

/** Entirely inside the viewport as it is now, nothing scrolled. */
async function expectInViewport(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box, 'the element is laid out').not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
}

test(
  'the plan dialog quotes the cost before signing, with its buttons in view without scrolling',
  { tag: '@phone' },
  async ({ page }, testInfo) => {
    await skipTours(page);
    await newCreator(page, testInfo, 'quote');
    const application = await submitApplicationByApi(page, {
      requestedAmount: 10_000,
      monthlyRevenue: 8_000,
    });
    await approveApplication(application.id);
    const preview = await page.request.post(`/api/applications/${application.id}/preview-terms`, {
      data: {},
    });
    expect(preview.status(), await preview.text()).toBe(200);
    const quote = (await preview.json()).quote as QuoteAnswer;

    await page.goto('/dashboard');
    const entry = applicationEntry(page, application.id);
    await entry.getByRole('button', { name: 'Setup Repayment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose Your Repayment Plan' });
    await expect(dialog).toBeVisible();
    await expect(figure(dialog, 'Annualised cost rate')).toHaveText(percent(quote.annualCostRate));
    // The platform fee on each repayment is part of the cost the creator is shown.
    expect(Number(quote.platformFees)).toBeGreaterThan(0);
    await expect(figure(dialog, 'Platform fees')).toHaveText(formatZar(quote.platformFees));
    await expect(figure(dialog, 'Total cost of credit')).toHaveText(formatZar(quote.costOfCredit));
    const first = quote.instalments[0]!;
    const last = quote.instalments.at(-1)!;
    await expect(figure(dialog, 'First instalment due')).toHaveText(longDate(first.dueDate));
    await expect(figure(dialog, 'Last instalment due')).toHaveText(longDate(last.dueDate));

    // At 1280x800 (the desktop project) and on a phone: both buttons in view as the dialog opens, unscrolled.
    expect(await dialog.evaluate((node) => node.scrollTop)).toBe(0);
    await expectInViewport(page, dialog.getByRole('button', { name: 'Complete Setup' }));
    await expectInViewport(page, dialog.getByRole('button', { name: 'Back' }));
    await shot(page, 'quote-plan-dialog');

    // Every due date, folded under one line.
    await dialog.getByText(`Each due date (${quote.instalmentCount} monthly instalments)`).click();
    const rows = dialog.getByRole('table', { name: INSTALMENT_TABLE }).locator('tbody tr');
    await expect(rows).toHaveCount(quote.instalmentCount);
    await expect(rows.last()).toContainText(longDate(last.dueDate));
    await expect(rows.last()).toContainText(formatZar(last.fee));
    // Still in view with the list open: the footer stays put while the figures scroll.
    await expectInViewport(page, dialog.getByRole('button', { name: 'Complete Setup' }));

    await dialog.getByRole('button', { name: 'Read the Repayment Agreement' }).click();
    const agreement = page.getByRole('dialog', { name: 'Repayment Agreement' });
    await expect(agreement).toContainText(`Annualised cost rate: ${percent(quote.annualCostRate)}`);
    await expect(agreement).toContainText(`Total cost of credit: ${formatZar(quote.costOfCredit)}`);
    await expect(agreement).toContainText(`Total payable with fees: ${formatZar(quote.totalPayable)}`);
    await agreement.getByText(/^Each due date/).click();
    await expect(agreement.getByRole('table', { name: INSTALMENT_TABLE }).locator('tbody tr')).toHaveCount(
      quote.instalmentCount,
    );
    await shot(page, 'quote-agreement');
    await agreement.getByRole('button', { name: 'Close' }).click();

    await dialog.getByRole('checkbox', { name: 'I accept the terms and conditions' }).check();
    await dialog.getByRole('button', { name: 'Complete Setup' }).click();
    await expect(dialog).toBeHidden();
    // The plan created at the payout (recorded the same day) is the one quoted.
    await payOutAcceptedPlan(page.request, application.id);
    const servicing = await page.request.get(`/api/applications/${application.id}/servicing`);
    const instalments = (await servicing.json()).instalments as Array<{ dueDate: string; amountDue: string }>;
    expect(instalments.map((i) => [i.dueDate, i.amountDue])).toEqual(
      quote.instalments.map((i) => [i.dueDate, i.amount]),
    );
  },
);

test('the statement repeats the quote and downloads as a PDF beside Print Statement', async ({
  page,
  context,
}, testInfo) => {
  await skipTours(page);
  const { applicationId } = await creatorWithLoan(page, testInfo, 'pdf');
  const statementAnswer = await page.request.get(`/api/applications/${applicationId}/statement`);
  const quote = (await statementAnswer.json()).quote as QuoteAnswer;

  await page.goto('/dashboard');
  const plan = page.getByTestId(`plan-card-${applicationId}`);
  const [statement] = await Promise.all([
    context.waitForEvent('page'),
    plan.getByRole('button', { name: 'View Statement' }).click(),
  ]);
  await expect(statement.getByRole('heading', { name: 'Statement', level: 1 })).toBeVisible();
  const cost = statement.locator('section', {
    has: statement.getByRole('heading', { name: 'Cost of Credit', level: 2 }),
  });
  await expect(figure(cost, 'Annualised cost rate')).toHaveText(percent(quote.annualCostRate));
  await expect(figure(cost, 'Total cost of credit')).toHaveText(formatZar(quote.costOfCredit));
  await expect(cost.locator('tbody tr')).toHaveCount(quote.instalmentCount);
  await shot(statement, 'quote-statement');
  await shot(cost, 'quote-statement-cost');

  const download = statement.getByRole('button', { name: 'Download PDF' });
  await expect(statement.getByRole('button', { name: 'Print Statement' })).toBeVisible();
  const [file] = await Promise.all([statement.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toBe(`vuka-capital-statement-${applicationId}.pdf`);
  const bytes = await readFile((await file.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const { text } = await pdfText(bytes);
  expect(text).toContain('Empowering Digital Creators');
  expect(text).toContain('Lindiwe Dube');
  expect(text).toContain(percent(quote.annualCostRate));
  expect(text).toContain(longDate(quote.instalments.at(-1)!.dueDate));

  // Neither button prints.
  await statement.emulateMedia({ media: 'print' });
  await expect(download).toBeHidden();
  await statement.close();
});
