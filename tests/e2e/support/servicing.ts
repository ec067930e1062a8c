// Helpers for the loan-servicing journeys (creator-servicing.spec.ts): a fresh creator with a running loan,
// travelling that one loan through time with the development route, the loan's instalments as the API
// answers them, the plan card's rows at either width, calendar arithmetic worked out here, and optional
// screenshots (only when SHOTS_DIR is set, for looking at the screens by hand).
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Locator, type Page, type TestInfo, test } from '@playwright/test';
import { MONTH_NAMES } from '../../../src/shared/business-date';
import { activateByApi } from './admin';
import { adminApi, currentBaseUrl, newCreator, submitApplicationByApi } from './creator';

/** Below Tailwind's sm breakpoint the instalment table is a list of one line per instalment. */
export const INSTALMENT_TABLE_BREAKPOINT = 640;

export interface ServicingAnswer {
  today: string;
  instalments: Array<{
    number: number;
    dueDate: string;
    amountDue: string;
    amountPaid: string;
    outstanding: string;
    /** The instalment's platform fee, and what is handed over for it. */
    fee: string;
    total: string;
    status: string;
  }>;
  position: {
    amountOverdue: string;
    amountDueNow: string;
    daysPastDue: number;
    nextPaymentDate: string | null;
  };
  installmentAmount: string;
}

/**
 * A fresh creator (the page's own session) whose application the admin approved and offered through the API (12
 * monthly instalments, 20 % withheld from platform earnings), which the creator accepted and the admin paid out
 * today. Returns the application id and the schedule's total.
 */
export async function creatorWithLoan(
  page: Page,
  testInfo: TestInfo,
  tag: string,
  input: { requestedAmount?: number; monthlyRevenue?: number } = {},
): Promise<{ applicationId: number; totalAmount: string }> {
  await newCreator(page, testInfo, tag, { firstName: 'Lindiwe', lastName: 'Dube' });
  const application = await submitApplicationByApi(page, {
    requestedAmount: input.requestedAmount ?? 10_000,
    monthlyRevenue: input.monthlyRevenue ?? 8_000,
    firstName: 'Lindiwe',
    lastName: 'Dube',
  });
  const schedule = await activateByApi(application.id, page.request);
  return { applicationId: application.id, totalAmount: schedule.totalAmount };
}

/** GET /api/applications/{id}/servicing as the page's signed-in creator. */
export async function servicingOf(page: Page, applicationId: number): Promise<ServicingAnswer> {
  const response = await page.request.get(`/api/applications/${applicationId}/servicing`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as ServicingAnswer;
}

/** The admin records a payment on the loan through the API (as the admin's payment dialog does). */
export async function recordPaymentByApi(
  applicationId: number,
  amount: string,
  paymentDate: string,
): Promise<void> {
  const admin = await adminApi();
  try {
    const response = await admin.post(`/api/admin/applications/${applicationId}/payments`, {
      data: { amount, paymentDate, notes: 'Bank transfer' },
    });
    expect(response.status(), await response.text()).toBe(201);
  } finally {
    await admin.dispose();
  }
}

/** Makes one loan `days` older (development route): its due dates and payments move back by that much. */
export async function travelLoan(page: Page, applicationId: number, days: number): Promise<void> {
  const response = await page.request.post(`/dev/servicing/${applicationId}/travel`, {
    data: { days },
    headers: { origin: currentBaseUrl() },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Whole days from one calendar day to another, worked out here in UTC so no time zone moves them. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Calendar-month addition that keeps to the month's last day: 31 Jan + 1 month = 28/29 Feb. */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(year, month - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month - 1 + months, Math.min(day, lastDay))).toISOString().slice(0, 10);
}

const MONTHS = MONTH_NAMES;
const SHORT_MONTHS = MONTHS.map((m) => m.slice(0, 3));

/** 'March 2027' for the month `months` after a calendar day's month. */
export function monthAfter(date: string, months: number): string {
  const [year, month] = date.split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) + months;
  return `${MONTHS[index % 12]} ${Math.floor(index / 12)}`;
}

/** 'dd MMM yyyy' as the screens write a calendar day: '2026-12-09' -> '09 Dec 2026'. */
export function shortDate(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day} ${SHORT_MONTHS[Number(month) - 1]} ${year}`;
}

/** The plan card's instalment rows: table rows from 640 px, list items below. */
export function instalmentRows(page: Page, card: Locator): Locator {
  const width = page.viewportSize()?.width ?? INSTALMENT_TABLE_BREAKPOINT;
  return width >= INSTALMENT_TABLE_BREAKPOINT
    ? card.getByTestId('instalment-table').locator('tbody tr')
    : card.getByTestId('instalment-list').locator('li');
}

/** A screenshot into SHOTS_DIR (named after the project), only when that variable is set. */
export async function shot(target: Page | Locator, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${name}-${test.info().project.name}.png`);
  if ('goto' in target) {
    // What the person sees: the viewport (an open dialog stays in it).
    await target.screenshot({ path: file });
    return;
  }
  // A clip of the full page rather than an element screenshot, which scrolls and lets the sticky header
  // cover part of a tall card; scrolled to the top first so the header stays above it. Tall cards are cut
  // into parts that stay readable.
  await target.page().evaluate(() => window.scrollTo(0, 0));
  const box = await target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { x: r.left + window.scrollX, y: r.top + window.scrollY, width: r.width, height: r.height };
  });
  const part = 1000;
  if (box.height <= part * 1.3) {
    await target.page().screenshot({ path: file, fullPage: true, clip: box });
    return;
  }
  for (let i = 0; i * part < box.height; i++) {
    const clip = { ...box, y: box.y + i * part, height: Math.min(part, box.height - i * part) };
    await target.page().screenshot({ path: file.replace(/\.png$/, `-${i + 1}.png`), fullPage: true, clip });
  }
}
