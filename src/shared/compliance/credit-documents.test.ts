import { describe, expect, it } from 'vitest';
import { creditQuote } from '../finance/quote';
import { chargeBreakdown, creditAgreement, preAgreementStatement } from './credit-documents';

// R 10 000 at score 100 on R 3 000 a month, quoted on 23 November 2026 (tests/api/credit-quote.test.ts): R 2 500 of
// finance charge, 11 instalments of R 1 042 and the last of R 1 038, monthly from 23 December 2026, 2,5 % fee.
const quote = creditQuote({
  amountFinanced: '10000.00',
  frequency: 'automatic',
  disbursementDate: '2026-11-23',
  instalmentAmount: '1042.00',
  instalments: Array.from({ length: 12 }, (_, k) => ({
    number: k + 1,
    dueDate: k === 0 ? '2026-12-23' : `2027-${String(k).padStart(2, '0')}-23`,
    amountDue: k === 11 ? '1038.00' : '1042.00',
  })),
  estimatedMonthlyWithholding: '750.00',
  platformFeeRate: '2.50',
  legal: {
    agreementClass: 'unsecured',
    legalMaximumCost: '3336.05',
    listFinanceCharge: null,
    listPlatformFeeRate: null,
  },
});

const parties = {
  provider: {
    legalName: 'Vuka Capital (Pty) Ltd',
    ncrRegistrationNumber: 'NCRCP12345',
    address: '1 Example Street, Durban, 4001',
  },
  consumer: {
    name: 'Zola Test',
    email: 'zola@example.com',
    identityNumberMasked: '900115*****86',
    businessName: null,
    registrationNumber: null,
  },
};

const input = {
  applicationId: 5,
  quoteId: 12,
  quote,
  madeAt: new Date('2026-11-23T08:00:00Z'),
  validUntil: '2026-11-30',
  parties,
};

const textOf = (view: ReturnType<typeof preAgreementStatement>) =>
  [
    view.title,
    ...view.notes,
    ...view.sections.flatMap((s) => [
      s.title,
      ...(s.fields ?? []).flat(),
      ...(s.paragraphs ?? []),
      ...(s.instalments ?? []).flatMap((i) => Object.values(i)),
    ]),
  ]
    .join('\n')
    .replace(/\u00a0/g, ' ');

describe('chargeBreakdown: the finance charge as the Act’s initiation fee and interest', () => {
  it('takes the largest initiation fee for the principal and calls the rest interest, at its rate a year', () => {
    // R 10 000: R 165 + 10 % of R 9 000 = R 1 065, capped at R 1 050. Interest R 2 500 − R 1 050 = R 1 450, on the
    // declining balance of R 11 050 repaid by the instalments: by whole months 1,950 % a month (23,40 % a year); by
    // calendar days 23,48 %, below the unsecured ceiling of 27,75 %.
    expect(chargeBreakdown(quote)).toEqual({
      initiationFee: '1050.00',
      interest: '1450.00',
      annualInterestRate: '23.48',
    });
  });

  it('is all initiation fee, at no interest, when the charge is no more than the fee allowed', () => {
    expect(chargeBreakdown({ ...quote, financeCharge: '800.00' })).toEqual({
      initiationFee: '800.00',
      interest: '0.00',
      annualInterestRate: '0.00',
    });
  });
});

describe('the pre-agreement statement and quotation (s92, Form 20)', () => {
  it('holds every prescribed item, with the figures of the quote', () => {
    const text = textOf(preAgreementStatement(input));
    for (const line of [
      'Pre-agreement statement and quotation',
      'National Credit Act 34 of 2005, section 92; regulation 30 (Form 20)',
      'Vuka Capital (Pty) Ltd',
      'NCRCP12345',
      '1 Example Street, Durban, 4001',
      'Zola Test',
      '900115*****86',
      'R 10 000,00',
      'R 1 050,00',
      'R 1 450,00',
      '23,48% a year',
      'R 2 500,00',
      '2,5% of each repayment',
      'Monthly service fee',
      'R 26,05',
      'R 312,50',
      'R 2 812,50',
      'R 12 812,50',
      '61,04%',
      'Unsecured credit transaction',
      'R 3 336,05',
      'R 1 042,00 + R 26,05 fee',
      '12 monthly instalments',
      'December 23, 2026',
      'November 23, 2027',
      'This quotation is binding for 5 business days: until November 30, 2026.',
      'Made on November 23, 2026',
      'section 125',
    ]) {
      expect(text).toContain(line);
    }
  });
});

describe('the credit agreement (s93)', () => {
  it('says when it was accepted, the terms as accepted and the consumer’s rights', () => {
    const view = creditAgreement({ ...input, acceptedAt: new Date('2026-11-24T09:00:00Z') });
    const text = textOf(view);
    expect(view.title).toBe('Credit agreement');
    for (const line of [
      'National Credit Act 34 of 2005, section 93',
      'Accepted electronically on November 24, 2026',
      'NCRCP12345',
      'Zola Test',
      'R 12 812,50',
      'does not apply to this credit',
      'settle it early at any time, without penalty (section 125)',
      'statement',
      'debt counsellor',
    ]) {
      expect(text).toContain(line);
    }
    // The acceptance is recorded with its IP address (credit_quotes), but the document does not print it.
    expect(text).not.toMatch(/\b\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}\b/);
  });
});
