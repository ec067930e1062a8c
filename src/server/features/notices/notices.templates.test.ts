// Every notice: plain text and HTML with the same figures, the product's name, en-ZA money and Johannesburg
// dates, and what a person typed (a rejection reason) escaped in the HTML.
import { describe, expect, it } from 'vitest';
import {
  applicationApprovedMail,
  applicationReceivedMail,
  applicationRejectedMail,
  overdueMail,
  paidUpMail,
  paymentReceiptMail,
  paymentReminderMail,
  planActiveMail,
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
  applicationApprovedMail(r, { id: 7, requestedAmount: '9000.00' }),
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
  }),
  paymentReceiptMail(r, {
    applicationId: 7,
    paymentId: 31,
    amount: '1234.50',
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
    startDate: new Date('2026-11-23T08:00:00Z'),
  }),
  paymentReminderMail(r, {
    applicationId: 7,
    number: 2,
    instalments: 12,
    dueDate: '2027-01-23',
    outstanding: '810.00',
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
    remaining: '9720.00',
  }),
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
    expect(plain(receipt!.text)).toContain('Amount received: R 1 234,50');
    expect(plain(receipt!.text)).toContain('Balance still to repay: R 8 485,50');
    expect(plain(reminder!.subject)).toBe(
      'Reminder: R 810,00 for your Vuka Capital financing falls due on 23 January 2027',
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
      remaining: '9720.00',
    });
    expect(sixty.subject).toMatch(/^Final notice:/);
    expect(sixty.text).toContain('marked in default');
  });
});
