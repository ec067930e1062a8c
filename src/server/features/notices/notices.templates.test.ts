// Every notice: plain text and HTML with the same figures, the product's name, en-ZA money and Johannesburg
// dates, and what a person typed (a rejection or cancellation reason) escaped in the HTML.
import { describe, expect, it } from 'vitest';
import {
  applicationApprovedMail,
  applicationCancelledMail,
  applicationReceivedMail,
  applicationRejectedMail,
  approvalWithdrawnMail,
  loanDefaultedMail,
  loanRestructuredMail,
  offerMadeMail,
  overdueMail,
  paidUpMail,
  paymentReceiptMail,
  paymentReminderMail,
  paymentReversedMail,
  planActiveMail,
  quoteAcceptedMail,
} from './notices.templates';

const r = { to: 'naledi@example.com', firstName: 'Naledi' };
const plain = (s: string) => s.replace(/\s/g, ' ');

const all = [
  // 23:30 on 22 Nov in UTC is already 23 Nov in Johannesburg.
  applicationReceivedMail(r, {
    id: 7,
    requestedAmount: '9000.00',
    submittedAt: new Date('2026-11-22T23:30:00Z'),
  }),
  applicationApprovedMail(r, { id: 7, requestedAmount: '9000.00', approvedAmount: '9000.00' }),
  applicationRejectedMail(r, {
    id: 7,
    requestedAmount: '9000.00',
    reason: 'Revenue <b>too low</b> & unverified',
  }),
  planActiveMail(r, {
    id: 7,
    amountFinanced: '9000.00',
    costAmount: '720.00',
    totalAmount: '9720.00',
    installmentAmount: '810.00',
    instalments: 12,
    frequency: 'monthly',
    firstDueDate: '2026-12-23',
    lastDueDate: '2027-11-23',
    withholdingPercentage: 20,
    topUpOf: null,
    paidOutOn: '2026-11-23',
    payoutAccount: 'Capitec Bank ..4321',
    payoutReference: 'FNB-0012345',
    paidToCreator: '9000.00',
  }),
  paymentReceiptMail(r, {
    applicationId: 7,
    paymentId: 31,
    amount: '1234.50',
    fee: '30.86',
    total: '1265.36',
    paymentDate: '2026-12-01',
    kind: 'manual',
    remaining: '8485.50',
    next: null,
    amountOverdue: '0.00',
  }),
  paidUpMail(r, {
    id: 7,
    amount: '810.00',
    paymentDate: '2027-11-20',
    kind: 'manual',
    amountFinanced: '9000.00',
    totalRepaid: '9720.00',
    rebate: '0.00',
    startDate: new Date('2026-11-23T08:00:00Z'),
  }),
  paymentReminderMail(r, {
    applicationId: 7,
    number: 2,
    instalments: 12,
    dueDate: '2027-01-23',
    outstanding: '810.00',
    fee: '20.25',
    total: '830.25',
    daysBefore: 3,
    amountOverdue: '0.00',
  }),
  overdueMail(r, {
    applicationId: 7,
    stage: 30,
    daysPastDue: 31,
    number: 1,
    dueDate: '2026-12-23',
    instalmentOutstanding: '810.00',
    amountOverdue: '1620.00',
    overdueFee: '40.50',
    overdueTotal: '1660.50',
    remaining: '9720.00',
  }),
  applicationCancelledMail(r, {
    id: 7,
    requestedAmount: '9000.00',
    reason: 'Duplicate <i>application</i> & "not needed"',
    by: 'admin',
  }),
  loanRestructuredMail(r, {
    applicationId: 7,
    balance: '12135.00',
    installmentAmount: '1733.58',
    lastInstalmentAmount: '1733.52',
    instalments: 7,
    months: 7,
    frequency: 'monthly',
    firstDueDate: '2027-03-24',
    lastDueDate: '2027-09-24',
    backToActive: false,
  }),
  loanDefaultedMail(r, {
    applicationId: 7,
    oldestDueDate: '2026-12-23',
    daysPastDue: 91,
    amountOverdue: '5260.00',
    balance: '15780.00',
  }),
  // 11-14: approval for less than asked, an approval taken back, an offer, an acceptance.
  applicationApprovedMail(r, { id: 7, requestedAmount: '9000.00', approvedAmount: '7000.00' }),
  approvalWithdrawnMail(r, { id: 7, requestedAmount: '9000.00' }),
  offerMadeMail(r, {
    id: 7,
    amountFinanced: '7000.00',
    totalPayable: '8610.00',
    instalmentAmount: '700.00',
    instalmentFee: '17.50',
    instalments: 12,
    annualCostRate: '41.27',
    validUntil: '2026-12-04',
  }),
  quoteAcceptedMail(r, {
    id: 7,
    amountFinanced: '7000.00',
    totalPayable: '8610.00',
    acceptedOn: '2026-11-30',
    bankAccount: 'FNB ..7890',
    agreementFile: 'vuka-agreement-7.pdf',
  }),
  // 15: a reversal.
  paymentReversedMail(r, {
    applicationId: 7,
    paymentId: 31,
    amount: '100.50',
    fee: '2.51',
    paymentDate: '2026-11-23',
    reason: 'Bounced: <b>insufficient</b> funds',
    remaining: '13150.00',
    amountOverdue: '0.00',
  }),
];

/** Words a notice must never carry: account numbers, codes, links (a link could carry a token). */
// A settlement quote's reference (VUKA-<loan>-<6 random>) stays on the signed-in screen; the loan's payment reference
// (VUKA-000123-0, docs/lending.md "How to pay") is derived from the loan's number and is what a creator pays with.
const SECRETS = [
  /\b\d{8,}\b/,
  /account number/i,
  /https?:\/\//i,
  /token/i,
  /password/i,
  /VUKA-\d+-[0-9A-Z]{6}\b/,
];

describe('notice templates', () => {
  it('each has a subject, a plain-text and an HTML body naming the product, to the creator', () => {
    for (const mail of all) {
      expect(mail.to).toBe('naledi@example.com');
      expect(mail.subject).toContain('Vuka Capital');
      expect(mail.text).toMatch(/^Hi Naledi,/);
      expect(mail.text).toContain('Vuka Capital · Empowering Digital Creators');
      expect(mail.html).toContain('<h1 style="font-size:20px;color:#047857">Vuka Capital</h1>');
      expect(mail.html).toContain('Hi Naledi,');
    }
  });

  it('writes money and dates the South African way, the same in text and HTML', () => {
    const [received, , , plan, receipt, , reminder] = all;
    expect(plain(received!.text)).toContain('on 23 November 2026');
    expect(plain(plan!.text)).toContain('Total to repay: R 9 720,00');
    expect(plain(plan!.html)).toContain('R 9 720,00');
    expect(plain(plan!.text)).toContain('First instalment due: 23 December 2026');
    expect(plain(receipt!.text)).toContain('Paid to your financing: R 1 234,50');
    expect(plain(receipt!.text)).toContain('Platform fee: R 30,86');
    expect(plain(receipt!.text)).toContain('Total received: R 1 265,36');
    expect(plain(receipt!.text)).toContain('Balance still to repay: R 8 485,50');
    expect(plain(reminder!.subject)).toBe(
      'Reminder: R 830,25 for your Vuka Capital financing falls due on 23 January 2027',
    );
  });

  it('escapes what people typed in the HTML, and keeps it as written in the text', () => {
    const rejected = all[2]!;
    expect(rejected.text).toContain('Why: Revenue <b>too low</b> & unverified');
    expect(rejected.html).toContain('Why: Revenue &lt;b&gt;too low&lt;/b&gt; &amp; unverified');
    expect(rejected.html).not.toContain('<b>too low');
  });

  it('says what an overdue notice is about, and the final notice warns of default', () => {
    const thirty = all[7]!;
    expect(thirty.subject).toBe('Overdue: your Vuka Capital financing #7 is 31 days past due');
    expect(plain(thirty.text)).toContain('Total amount overdue: R 1 620,00');
    const sixty = overdueMail(r, {
      applicationId: 7,
      stage: 60,
      daysPastDue: 60,
      number: 1,
      dueDate: '2026-12-23',
      instalmentOutstanding: '810.00',
      amountOverdue: '1620.00',
      overdueFee: '40.50',
      overdueTotal: '1660.50',
      remaining: '9720.00',
    });
    expect(sixty.subject).toMatch(/^Final notice:/);
    expect(sixty.text).toContain('marked in default');
  });

  it('carries no secret: no account numbers, codes or links', () => {
    for (const mail of all) {
      for (const secret of SECRETS) {
        expect(mail.text, `${mail.subject}: ${secret}`).not.toMatch(secret);
        expect(mail.html.replace(/<[^>]+>/g, ' '), `${mail.subject}: ${secret}`).not.toMatch(secret);
      }
    }
  });

  it('a cancellation says so, with the reason written as given (escaped in HTML), and that nothing is owed', () => {
    const byAdmin = all[8]!;
    expect(byAdmin.subject).toBe('Your Vuka Capital application #7 is cancelled');
    const text = plain(byAdmin.text);
    expect(text).toContain('Your application #7 for R 9 000,00 has been cancelled by Vuka Capital.');
    expect(text).toContain('Why: Duplicate <i>application</i> & "not needed"');
    expect(text).toContain('Nothing was paid out on this application, so you owe nothing on it.');
    expect(text).toContain('Status: Cancelled');
    expect(byAdmin.html).toContain(
      'Why: Duplicate &lt;i&gt;application&lt;/i&gt; &amp; &quot;not needed&quot;',
    );
    expect(byAdmin.html).not.toContain('<i>application');

    const byCreator = applicationCancelledMail(r, {
      id: 8,
      requestedAmount: '5000.00',
      reason: 'I found other funding',
      by: 'creator',
    });
    expect(plain(byCreator.text)).toContain('As you asked, your application #8 for R 5 000,00 is cancelled.');
    expect(byCreator.text).toContain('Your reason: I found other funding');
    // No reason stored (an admin's status change): no empty "Why:" line.
    const bare = applicationCancelledMail(r, {
      id: 9,
      requestedAmount: '5000.00',
      reason: null,
      by: 'admin',
    });
    expect(bare.text).not.toContain('Why:');
    expect(bare.html).not.toContain('Why:');
    expect(
      applicationCancelledMail(r, { id: 9, requestedAmount: '1.00', reason: '  ', by: 'admin' }).text,
    ).not.toContain('Why:');
  });

  it('a restructure gives the new terms: balance, instalment, count, first and last due dates, no extra cost', () => {
    const restructured = all[9]!;
    expect(restructured.subject).toBe('New repayment terms for your Vuka Capital financing #7');
    for (const body of [plain(restructured.text), plain(restructured.html)]) {
      expect(body).toContain('R 12 135,00');
      expect(body).toContain('R 1 733,58');
      expect(body).toContain('24 March 2027');
      expect(body).toContain('24 September 2027 (R 1 733,52)');
    }
    const text = plain(restructured.text);
    expect(text).toContain('Balance to repay: R 12 135,00');
    expect(text).toContain('New instalment: R 1 733,58');
    expect(text).toContain('Number of instalments: 7');
    expect(text).toContain('How often: Monthly');
    expect(text).toContain('First instalment due: 24 March 2027');
    expect(text).toContain('Last instalment due: 24 September 2027 (R 1 733,52)');
    expect(text).toContain('Extra cost: R 0,00');
    expect(text).toContain('repaid in 7 instalments over 7 months');
    expect(text).not.toContain('no longer in default');

    // Equal instalments: the last date alone; a loan that was in default hears it is active again.
    const even = loanRestructuredMail(r, {
      applicationId: 7,
      balance: '1200.00',
      installmentAmount: '100.00',
      lastInstalmentAmount: '100.00',
      instalments: 12,
      months: 6,
      frequency: 'biweekly',
      firstDueDate: '2027-04-07',
      lastDueDate: '2027-09-08',
      backToActive: true,
    });
    const evenText = plain(even.text);
    expect(even.text).toMatch(/^Last instalment due: 8 September 2027$/m);
    expect(evenText).toContain('How often: Every two weeks');
    expect(evenText).toContain('Your financing is no longer in default: it is active again.');
  });

  it('a notice of default states the facts, what to do and whom to contact, without threats', () => {
    const defaulted = all[10]!;
    expect(defaulted.subject).toBe('Notice of default: your Vuka Capital financing #7');
    const text = plain(defaulted.text);
    expect(text).toContain('Your financing #7 is now in default.');
    expect(text).toContain('fell due on 23 December 2026 and has been unpaid for 91 days');
    expect(text).toContain('Oldest unpaid instalment due: 23 December 2026');
    expect(text).toContain('Days past due: 91');
    expect(text).toContain('Total amount overdue: R 5 260,00');
    expect(text).toContain('Balance still to repay: R 15 780,00');
    expect(text).toContain('pay the overdue amount of R 5 260,00');
    expect(text).toContain('contact us at admin@vukacapital.co.za');
    expect(plain(defaulted.html)).toContain('Total amount overdue');
    expect(plain(defaulted.html)).toContain('R 5 260,00');
    expect(text).not.toMatch(/legal action|court|credit bureau|blacklist/i);
  });

  it('an approval for less than asked names both amounts; an approval taken back says nothing will be paid out', () => {
    const lower = plain(all[11]!.text);
    expect(lower).toContain('approved for R 7 000,00 (you asked for R 9 000,00)');
    expect(lower).toContain('Amount approved: R 7 000,00');
    const withdrawn = all[12]!;
    expect(withdrawn.subject).toBe('Your Vuka Capital application #7 is under review again');
    expect(plain(withdrawn.text)).toContain('Any plan or offer you were shown no longer holds');
  });

  it('an offer gives its figures and the day it holds until; an acceptance names where the payout goes', () => {
    const offer = plain(all[13]!.text);
    expect(offer).toContain('Nothing is paid out until you accept it');
    expect(offer).toContain('R 700,00 + R 17,50 platform fee');
    expect(offer).toContain('4 December 2026');
    const accepted = plain(all[14]!.text);
    expect(accepted).toContain('30 November 2026');
    expect(accepted).toContain('FNB ..7890');
  });

  it('a reversal says which payment no longer counts, why (escaped in HTML), and the balance now', () => {
    const reversed = all[15]!;
    expect(reversed.subject).toBe('A payment on your Vuka Capital financing #7 was reversed');
    const text = plain(reversed.text);
    expect(text).toContain(
      'We have reversed the payment of R 100,50 recorded on 23 November 2026 (receipt 31)',
    );
    expect(text).toContain('Balance still to repay: R 13 150,00');
    expect(reversed.html).toContain('&lt;b&gt;insufficient&lt;/b&gt;');
  });
});
