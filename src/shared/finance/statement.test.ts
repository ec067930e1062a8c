import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { creditQuote } from './quote';
import {
  buildStatement,
  creatorTypeLabel,
  formatStatementDate,
  monthlyWithholdingAmount,
  remainingBalance,
  type StatementApplication,
  type StatementPayment,
  type StatementSchedule,
  type StatementUser,
} from './statement';

const nbsp = '\u00a0';
const zar = (text: string) => `R${nbsp}${text.replaceAll(' ', nbsp)}`;
// Dates render as the day in South Africa; the instants below are at noon, local time, so these tests hold
// in any zone within ten hours of it that the suite runs in.
const now = new Date(2025, 5, 1, 12);

const application: StatementApplication = {
  id: 42,
  status: 'active',
  requestedAmount: 10_000,
  monthlyRevenue: '15000.00',
  currency: null,
  createdAt: '2025-01-15T12:00:00',
};
const schedule: StatementSchedule = {
  totalAmount: '13500.00',
  remainingAmount: null,
  installmentAmount: '1125.00',
  installmentFee: '28.13',
  nextPaymentDate: '2025-05-15',
  servicing: { amountOverdue: '0.00' },
  frequency: 'monthly',
  paymentMethod: 'platform_earnings',
  withholdingPercentage: 20,
};
const payments: StatementPayment[] = [
  { amount: '1125.00', platformFee: '28.13', paymentDate: '2025-03-15T12:00:00', notes: 'March' },
  { amount: 'abc', paymentDate: '2025-02-15T12:00:00', notes: null },
  { amount: 1125, platformFee: '28.13', paymentDate: '2025-04-15T12:00:00', notes: '  ' },
];
const user: StatementUser = {
  firstName: 'Thandi',
  lastName: 'Mokoena',
  username: 'thandi@example.co.za',
  country: 'South Africa',
  city: 'Durban',
  creatorType: 'full-time',
};

describe('buildStatement', () => {
  it('lists a reversed payment as reversed and counts it for nothing; prints the payout and the history', () => {
    const view = buildStatement(
      application,
      { ...schedule, paidOutOn: '2025-01-20', payoutAccount: 'FNB ..7890', payoutReference: 'EFT 12345' },
      [
        { amount: '1125.00', platformFee: '28.13', paymentDate: '2025-03-15T12:00:00' },
        {
          amount: '1125.00',
          platformFee: '28.13',
          paymentDate: '2025-04-15T12:00:00',
          reversedOn: '2025-04-17',
          reversalReason: 'bounced by the bank',
        },
      ],
      user,
      now,
      null,
      {
        restructures: [
          {
            restructuredOn: '2025-05-02',
            balance: '10125.00',
            months: 6,
            instalmentAmount: '1687.50',
            firstNumber: 13,
            lastNumber: 18,
            previousInstalmentAmount: '1125.00',
            previousEndDate: '2026-01-15',
            replacedCount: 9,
            wasDefaulted: true,
          },
        ],
        forbearance: { status: 'probation', curedOn: null },
      },
    )!;
    expect(view.summary.totalPaid).toBe(zar('1 125,00'));
    expect(view.payments.map((p) => p.reversed)).toEqual([
      null,
      'Reversed on April 17, 2025: bounced by the bank',
    ]);
    expect(view.financing).toMatchObject({
      paidOutOn: 'January 20, 2025',
      paidTo: 'FNB ..7890',
      payoutReference: 'EFT 12345',
    });
    expect(view.history).toEqual([
      `May 02, 2025: ${zar('10 125,00')} spread over 6 months, instalments #13-#18 of ${zar('1 687,50')} (before: ${zar('1 125,00')}, ending January 15, 2026; 9 open instalments replaced; the loan was in default). No extra cost.`,
    ]);
    expect(view.forbearance).toBe(
      'Restructured: in probation until three instalments in a row are paid on time.',
    );
  });

  it('names a forgiven balance in the status and the history, with nothing left to pay', () => {
    const view = buildStatement(
      { ...application, status: 'completed' },
      {
        ...schedule,
        remainingAmount: '0.00',
        nextPaymentDate: null,
        forgiven: { on: '2025-05-20', amount: '8250.00' },
      },
      payments,
      user,
      now,
    )!;
    expect(view.financing.status).toBe('BALANCE FORGIVEN');
    expect(view.summary.remainingBalance).toBe(zar('0,00'));
    expect(view.history).toEqual([
      `May 20, 2025: the balance of ${zar('8 250,00')} was forgiven after the loan was in default. Nothing more is owed.`,
    ]);
  });

  it('builds the whole statement as display strings', () => {
    expect(buildStatement(application, schedule, payments, user, now)).toEqual({
      title: 'Statement',
      brandLine: 'Empowering Digital Creators',
      generatedOn: 'June 01, 2025',
      footer: 'This statement is system-generated and does not require a signature.',
      currency: 'ZAR',
      financing: {
        accountNumber: '42',
        paymentReference: 'VUKA-000042-2',
        status: 'ACTIVE',
        financedAmount: zar('10 000,00'),
        initiationDate: 'January 15, 2025',
        paidOutOn: null,
        paidTo: null,
        payoutReference: null,
      },
      accountHolder: {
        name: 'Thandi Mokoena',
        email: 'thandi@example.co.za',
        country: 'South Africa',
        city: 'Durban',
        creatorType: 'FULL TIME',
      },
      summary: {
        totalAmount: zar('13 500,00'),
        // 1125.00 + 'abc' (as 0) + 1125
        totalPaid: zar('2 250,00'),
        feesPaid: zar('56,26'),
        totalPaidWithFees: zar('2 306,26'),
        remainingBalance: zar('11 250,00'),
        paymentSchedule: 'MONTHLY',
        instalment: `${zar('1 125,00')} + ${zar('28,13')} fee`,
        instalmentWithFee: zar('1 153,13'),
        dueDateLabel: 'Next due date',
        nextDueDate: 'May 15, 2025',
        showAmountOverdue: false,
        amountOverdue: zar('0,00'),
        showMonthlyWithholding: true,
        // 15000 x 20 / 100
        monthlyWithholding: zar('3 000,00'),
      },
      showPaymentHistory: true,
      payments: [
        { date: 'February 15, 2025', amount: '-', fee: zar('0,00'), total: '-', notes: '-', reversed: null },
        {
          date: 'March 15, 2025',
          amount: zar('1 125,00'),
          fee: zar('28,13'),
          total: zar('1 153,13'),
          notes: 'March',
          reversed: null,
        },
        {
          date: 'April 15, 2025',
          amount: zar('1 125,00'),
          fee: zar('28,13'),
          total: zar('1 153,13'),
          notes: '-',
          reversed: null,
        },
      ],
      history: [],
      forbearance: null,
      quote: null,
    });
  });

  it('repeats the quote of the loan in words', () => {
    const quote = creditQuote({
      amountFinanced: '10000',
      frequency: 'monthly',
      disbursementDate: '2025-01-01',
      instalmentAmount: '11000',
      instalments: [{ number: 1, dueDate: '2026-01-01', amountDue: '11000.00' }],
      estimatedMonthlyWithholding: null,
      platformFeeRate: '0',
    });
    const view = buildStatement(application, schedule, payments, user, now, quote);
    expect(view?.quote).toEqual({
      amountFinanced: zar('10 000,00'),
      financeCharge: zar('1 000,00'),
      platformFeeRate: '0%',
      platformFees: zar('0,00'),
      costOfCredit: zar('1 000,00'),
      totalRepayable: zar('11 000,00'),
      totalPayable: zar('11 000,00'),
      instalmentAmount: zar('11 000,00'),
      instalmentFee: zar('0,00'),
      instalmentCount: '1 monthly instalment',
      // 11 000 a year (365 days) after 10 000 out: exactly 10 %.
      annualCostRate: '10,00%',
      disbursementDate: 'January 01, 2025',
      firstDueDate: 'January 01, 2026',
      lastDueDate: 'January 01, 2026',
      estimatedMonthlyWithholding: null,
      instalments: [
        {
          number: '1',
          dueDate: 'January 01, 2026',
          amount: zar('11 000,00'),
          fee: zar('0,00'),
          total: zar('11 000,00'),
        },
      ],
      instalmentTotal: zar('11 000,00'),
      agreementClass: null,
      legalMaximumCost: null,
      ceilingNote: null,
    });
  });

  it('says when the National Credit Act lowered a list price, and the most the law allows', () => {
    const quote = creditQuote({
      amountFinanced: '2000',
      frequency: 'monthly',
      disbursementDate: '2025-01-01',
      instalmentAmount: '2365',
      instalments: [{ number: 1, dueDate: '2025-02-01', amountDue: '2365.00' }],
      estimatedMonthlyWithholding: null,
      platformFeeRate: '2.5',
      legal: {
        agreementClass: 'short_term',
        legalMaximumCost: '425.00',
        listFinanceCharge: '700.00',
        listPlatformFeeRate: null,
      },
    });
    const view = buildStatement(application, schedule, payments, user, now, quote);
    expect(view?.quote).toMatchObject({
      agreementClass: 'Short-term credit transaction',
      legalMaximumCost: zar('425,00'),
      ceilingNote: `Our list finance charge of ${zar('700,00')} is reduced to ${zar('365,00')}, the most the National Credit Act allows.`,
    });
  });

  it("uses a stored remainingAmount of '0.00' instead of recomputing it", () => {
    const view = buildStatement(application, { ...schedule, remainingAmount: '0.00' }, payments, user, now);
    expect(view?.summary.remainingBalance).toBe(zar('0,00'));
    expect(view?.summary.totalPaid).toBe(zar('2 250,00'));
  });

  it('recomputes the balance when remainingAmount is an empty string', () => {
    const view = buildStatement(application, { ...schedule, remainingAmount: '' }, payments, user, now);
    expect(view?.summary.remainingBalance).toBe(zar('11 250,00'));
  });

  it('never shows a negative balance after overpayment', () => {
    const view = buildStatement(application, schedule, [{ amount: '20000.00' }], user, now);
    expect(view?.summary.remainingBalance).toBe(zar('0,00'));
  });

  it('adds cents exactly on large balances', () => {
    const view = buildStatement(
      application,
      { ...schedule, totalAmount: '54000.00' },
      [{ amount: '0.10' }, { amount: 0.2 }],
      user,
      now,
    );
    expect(view?.summary.totalPaid).toBe(zar('0,30'));
    expect(view?.summary.remainingBalance).toBe(zar('53 999,70'));
  });

  it('falls back for missing fields', () => {
    const view = buildStatement(
      { requestedAmount: 'n/a' },
      { totalAmount: null, paymentMethod: 'bank_debit' },
      [],
      null,
      now,
    );
    expect(view).toMatchObject({
      currency: 'ZAR',
      financing: {
        accountNumber: 'N/A',
        status: 'UNKNOWN',
        financedAmount: '-',
        initiationDate: 'June 01, 2025',
      },
      accountHolder: { name: '-', email: '-', country: '-', city: '-', creatorType: '-' },
      summary: {
        totalAmount: '-',
        totalPaid: zar('0,00'),
        remainingBalance: '-',
        paymentSchedule: 'Not Set',
        instalment: '-',
        instalmentWithFee: '-',
        nextDueDate: '-',
        showAmountOverdue: false,
        amountOverdue: '-',
        showMonthlyWithholding: false,
        monthlyWithholding: '-',
      },
      showPaymentHistory: false,
      payments: [],
    });
  });

  it('prints the amount overdue only when something is late, with the oldest unpaid due date and the days late', () => {
    const late = buildStatement(
      application,
      {
        ...schedule,
        nextPaymentDate: '2025-03-15',
        servicing: { amountOverdue: '2250.00', daysPastDue: 78 },
      },
      payments,
      user,
      now,
    );
    expect(late?.summary).toMatchObject({
      dueDateLabel: 'Oldest unpaid due date',
      nextDueDate: 'March 15, 2025 (78 days late)',
      showAmountOverdue: true,
      amountOverdue: zar('2 250,00'),
    });
    const repaid = buildStatement(
      application,
      { ...schedule, nextPaymentDate: null, servicing: null },
      payments,
      user,
      now,
    );
    expect(repaid?.summary).toMatchObject({
      dueDateLabel: 'Next due date',
      nextDueDate: '-',
      showAmountOverdue: false,
    });
  });

  it('treats a missing withholding percentage as 0 %', () => {
    const view = buildStatement(application, { ...schedule, withholdingPercentage: null }, null, user, now);
    expect(view?.summary.monthlyWithholding).toBe(zar('0,00'));
    expect(view?.showPaymentHistory).toBe(false);
  });

  it('upper-cases the status and the frequency in words, never their stored codes', () => {
    const view = buildStatement(
      { ...application, status: 'pending_review' },
      { ...schedule, frequency: 'biweekly' },
      [],
      user,
      now,
    );
    expect(view?.financing.status).toBe('UNDER REVIEW');
    expect(view?.summary.paymentSchedule).toBe('EVERY TWO WEEKS');
    const repaid = buildStatement(
      { ...application, status: 'completed' },
      { ...schedule, frequency: 'automatic' },
      [],
      user,
      now,
    );
    expect(repaid?.financing.status).toBe('REPAID');
    expect(repaid?.summary.paymentSchedule).toBe('MONTHLY, WITHHELD FROM YOUR PLATFORM EARNINGS');
  });

  it('formats in the application currency', () => {
    const view = buildStatement({ ...application, currency: 'USD' }, schedule, [], user, now);
    expect(view?.currency).toBe('USD');
    expect(view?.financing.financedAmount).toBe(`US$10${nbsp}000,00`);
  });

  it('generates nothing without an application or a schedule', () => {
    expect(buildStatement(null, schedule, payments, user, now)).toBeNull();
    expect(buildStatement(application, undefined, payments, user, now)).toBeNull();
  });
});

describe('statement rules', () => {
  it('labels creator types', () => {
    expect(creatorTypeLabel('full-time')).toBe('FULL TIME');
    expect(creatorTypeLabel('part-time')).toBe('PART TIME');
    expect(creatorTypeLabel('hobby')).toBe('HOBBY');
    expect(creatorTypeLabel(null)).toBe('-');
  });

  it("writes dates as 'MMMM dd, yyyy'", () => {
    expect(formatStatementDate(new Date(2025, 0, 5, 12))).toBe('January 05, 2025');
    expect(formatStatementDate('2024-12-31T12:00:00')).toBe('December 31, 2024');
    expect(formatStatementDate('not a date')).toBe('-');
    expect(formatStatementDate('2024-02-30')).toBe('-');
    expect(formatStatementDate(null)).toBe('-');
  });

  it('prints a calendar day as that day, also west of UTC', () => {
    const zone = process.env.TZ;
    try {
      // new Date('2026-12-09') is UTC midnight: 8 December, 21:00 in Sao Paulo.
      process.env.TZ = 'America/Sao_Paulo';
      expect(new Date('2026-12-09').getDate()).toBe(8);
      expect(formatStatementDate('2026-12-09')).toBe('December 09, 2026');
      const view = buildStatement(
        application,
        schedule,
        [{ amount: '10.00', paymentDate: '2025-03-01' }],
        user,
        now,
      );
      expect(view?.payments[0]?.date).toBe('March 01, 2025');
      expect(view?.summary.nextDueDate).toBe('May 15, 2025');
      process.env.TZ = 'Pacific/Kiritimati';
      expect(formatStatementDate('2026-12-09')).toBe('December 09, 2026');
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('computes the monthly withholding to the cent', () => {
    // 3333.33 x 15 % = 499.9995
    expect(monthlyWithholdingAmount('3333.33', 15)?.toFixed(2)).toBe('500.00');
    expect(monthlyWithholdingAmount('15000.00', undefined)?.toFixed(2)).toBe('0.00');
    expect(monthlyWithholdingAmount('abc', 20)).toBeNull();
  });

  it('reads the remaining balance', () => {
    expect(
      remainingBalance({ remainingAmount: '0.00', totalAmount: '100.00' }, new Decimal(0))?.toFixed(2),
    ).toBe('0.00');
    expect(
      remainingBalance({ remainingAmount: undefined, totalAmount: '100.00' }, new Decimal(40))?.toFixed(2),
    ).toBe('60.00');
    expect(remainingBalance({ remainingAmount: 'abc', totalAmount: '100.00' }, new Decimal(40))).toBeNull();
  });
});
