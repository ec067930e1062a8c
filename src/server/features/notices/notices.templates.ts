// The creator's notices (docs/notices.md): plain text and HTML, the product's name, en-ZA money and
// Johannesburg dates from src/shared/format.ts, and no secrets (no account numbers, codes or links with
// tokens). Each template takes the figures already read under the change's lock; it computes nothing.
import { PRODUCT_NAME, SUPPORT_EMAIL } from '../../../shared/constants';
import { asScheduleFrequency, FREQUENCY_WORDS } from '../../../shared/finance/instalments';
import { paymentReferenceFor } from '../../../shared/finance/payment-reference';
import { formatDateInWords, formatZar } from '../../../shared/format';
import { factsText, layout, type MailFacts, type MailMessage, signature } from '../mail/mail.templates';

const money = (amount: string) => formatZar(amount);
const day = (date: string | Date) => formatDateInWords(date);

const frequencyWords = (frequency: string) => FREQUENCY_WORDS[asScheduleFrequency(frequency)];

/** Where a creator reads their loan: said in words, never a link with a token. */
const SEE_DASHBOARD = `Sign in to ${PRODUCT_NAME} to see your instalments and statement on your dashboard.`;

export type Recipient = { to: string; firstName: string };

function notice(
  recipient: Recipient,
  content: { subject: string; title: string; intro: string[]; facts?: MailFacts; after?: string[] },
): MailMessage {
  const lines = [`Hi ${recipient.firstName},`, ...content.intro];
  const facts = content.facts ?? [];
  const after = content.after ?? [];
  const text = [...lines, ...(facts.length ? [factsText(facts)] : []), ...after].join('\n\n');
  return {
    to: recipient.to,
    subject: content.subject,
    text: `${text}${signature()}`,
    html: layout(content.title, lines, undefined, { facts, after }),
  };
}

export function applicationReceivedMail(
  r: Recipient,
  a: { id: number; requestedAmount: string; submittedAt: Date },
): MailMessage {
  return notice(r, {
    subject: `We received your ${PRODUCT_NAME} application #${a.id}`,
    title: 'Your application is under review',
    intro: [
      `Thank you for applying for financing with ${PRODUCT_NAME}. We received your application #${a.id} on ${day(a.submittedAt)} and our team is reviewing it.`,
    ],
    facts: [
      ['Application', `#${a.id}`],
      ['Amount requested', money(a.requestedAmount)],
    ],
    after: [
      'We will e-mail you as soon as it is decided. You do not need to do anything until then.',
      `You can follow it on your ${PRODUCT_NAME} dashboard when you sign in.`,
    ],
  });
}

export function applicationApprovedMail(
  r: Recipient,
  a: { id: number; requestedAmount: string; approvedAmount: string | null },
): MailMessage {
  const approved = a.approvedAmount ?? a.requestedAmount;
  const lower = money(approved) !== money(a.requestedAmount);
  return notice(r, {
    subject: `Your ${PRODUCT_NAME} application #${a.id} is approved`,
    title: 'Your application is approved',
    intro: [
      lower
        ? `Good news: your application #${a.id} is approved for ${money(approved)} (you asked for ${money(a.requestedAmount)}).`
        : `Good news: your application #${a.id} for ${money(approved)} is approved.`,
    ],
    facts: [
      ['Application', `#${a.id}`],
      ...(lower ? ([['Amount requested', money(a.requestedAmount)]] as Array<[string, string]>) : []),
      ['Amount approved', money(approved)],
    ],
    after: [
      `Next step: sign in to ${PRODUCT_NAME} and choose your repayment plan. Before you accept it you will see the cost, the total you repay and every instalment.`,
    ],
  });
}

/** An approval taken back (the application is under review again): nothing will be paid out on the old terms. */
export function approvalWithdrawnMail(r: Recipient, a: { id: number; requestedAmount: string }): MailMessage {
  return notice(r, {
    subject: `Your ${PRODUCT_NAME} application #${a.id} is under review again`,
    title: 'Your approval was taken back for a new review',
    intro: [
      `We have taken back the approval of your application #${a.id} for ${money(a.requestedAmount)} to review it again. Any plan or offer you were shown no longer holds, and nothing will be paid out until we decide.`,
    ],
    after: [
      `We will e-mail you our decision. If you have questions, reply to this e-mail or sign in to ${PRODUCT_NAME}.`,
    ],
  });
}

/** An offer withdrawn before it was accepted: the application stays approved. */
export function offerWithdrawnMail(r: Recipient, a: { id: number }): MailMessage {
  return notice(r, {
    subject: `The offer for your ${PRODUCT_NAME} application #${a.id} was withdrawn`,
    title: 'Your offer was withdrawn',
    intro: [
      `We have withdrawn the offer we made for your application #${a.id}: it can no longer be accepted, and nothing will be paid out on it. Your application stays approved.`,
    ],
    after: [`Sign in to ${PRODUCT_NAME} to choose your repayment plan, or wait for our new offer by e-mail.`],
  });
}

export function applicationRejectedMail(
  r: Recipient,
  a: { id: number; requestedAmount: string; reason: string },
): MailMessage {
  return notice(r, {
    subject: `Your ${PRODUCT_NAME} application #${a.id} was not approved`,
    title: 'Your application was not approved',
    intro: [
      `We have reviewed your application #${a.id} for ${money(a.requestedAmount)} and we cannot approve it at this time.`,
      `Why: ${a.reason}`,
    ],
    after: [
      `You can apply again once your circumstances change. Sign in to ${PRODUCT_NAME} to see your applications.`,
    ],
  });
}

export function planActiveMail(
  r: Recipient,
  loan: {
    id: number;
    amountFinanced: string;
    costAmount: string;
    totalAmount: string;
    installmentAmount: string;
    instalments: number;
    frequency: string;
    firstDueDate: string;
    lastDueDate: string;
    withholdingPercentage: number;
    /** A top-up: the financing whose balance its payout settled first. */
    topUpOf: number | null;
    /** The payout: the day, where it went (masked), the bank's reference, and what reached the creator. */
    paidOutOn: string;
    payoutAccount: string;
    payoutReference: string;
    paidToCreator: string;
  },
): MailMessage {
  const paidOut =
    loan.topUpOf === null
      ? `Your financing #${loan.id} of ${money(loan.amountFinanced)} was paid to ${loan.payoutAccount} on ${day(loan.paidOutOn)}, and your repayment plan is active.`
      : `Your top-up #${loan.id} of ${money(loan.amountFinanced)} is paid out: it first settled your financing #${loan.topUpOf} (you receive a paid-up letter for it), and ${money(loan.paidToCreator)} was paid to ${loan.payoutAccount} on ${day(loan.paidOutOn)}. Your repayment plan is active.`;
  return notice(r, {
    subject: `Your ${PRODUCT_NAME} repayment plan for financing #${loan.id} is active`,
    title: 'Your repayment plan is active',
    intro: [
      `${paidOut} Your first instalment of ${money(loan.installmentAmount)} falls due on ${day(loan.firstDueDate)}.`,
    ],
    facts: [
      ['Amount financed', money(loan.amountFinanced)],
      ['Paid to', `${loan.payoutAccount} on ${day(loan.paidOutOn)}`],
      ['Bank reference', loan.payoutReference],
      ['Cost of financing', money(loan.costAmount)],
      ['Total to repay', money(loan.totalAmount)],
      ['Instalment', money(loan.installmentAmount)],
      ['Number of instalments', String(loan.instalments)],
      ['How often', frequencyWords(loan.frequency)],
      ['First instalment due', day(loan.firstDueDate)],
      ['Last instalment due', day(loan.lastDueDate)],
      ['Withheld from earnings', `${loan.withholdingPercentage}%`],
    ],
    after: [
      'You can repay early at any time without a penalty; settling in full costs only the charge earned to that day. We send a reminder three days before each instalment falls due (you can turn reminders off in Settings).',
      SEE_DASHBOARD,
    ],
  });
}

/** An admin's offer: the terms to accept, and until when (the creator accepts in the dashboard). */
export function offerMadeMail(
  r: Recipient,
  o: {
    id: number;
    amountFinanced: string;
    totalPayable: string;
    instalmentAmount: string;
    instalmentFee: string;
    instalments: number;
    annualCostRate: string;
    validUntil: string;
  },
): MailMessage {
  return notice(r, {
    subject: `Your ${PRODUCT_NAME} offer for application #${o.id} is ready to accept`,
    title: 'Your offer is ready',
    intro: [
      `We have made you an offer for application #${o.id}. Nothing is paid out until you accept it: read the offer and the agreement in your dashboard, and accept it by ${day(o.validUntil)}.`,
    ],
    facts: [
      ['Amount financed', money(o.amountFinanced)],
      ['Instalment', `${money(o.instalmentAmount)} + ${money(o.instalmentFee)} platform fee`],
      ['Number of instalments', String(o.instalments)],
      ['Everything you pay, with fees', money(o.totalPayable)],
      ['Annualised cost rate', `${o.annualCostRate.replace('.', ',')}%`],
      ['Offer valid until', day(o.validUntil)],
    ],
    after: [SEE_DASHBOARD],
  });
}

/** The creator accepted a quote or an offer: the contract, and what happens next. */
export function quoteAcceptedMail(
  r: Recipient,
  q: {
    id: number;
    amountFinanced: string;
    totalPayable: string;
    acceptedOn: string;
    bankAccount: string | null;
    /** The agreement's PDF the message carries. */
    agreementFile: string;
  },
): MailMessage {
  return notice(r, {
    subject: `You accepted your ${PRODUCT_NAME} agreement for application #${q.id}`,
    title: 'Your agreement is accepted',
    intro: [
      `Thank you: you accepted the agreement for application #${q.id} on ${day(q.acceptedOn)}. ${
        q.bankAccount
          ? `We pay out ${money(q.amountFinanced)} to ${q.bankAccount}, and your repayment plan starts on the day we do; we e-mail you then.`
          : `Add your bank account in Settings so we can pay out ${money(q.amountFinanced)}; your repayment plan starts on the day we do.`
      }`,
    ],
    facts: [
      ['Amount financed', money(q.amountFinanced)],
      ['Everything you pay, with fees', money(q.totalPayable)],
    ],
    after: [
      `Your credit agreement is attached as a PDF (${q.agreementFile}): keep it. It names both parties, the terms you accepted and your rights; you can download it again from your dashboard.`,
      SEE_DASHBOARD,
    ],
  });
}

const PAYMENT_KIND_WORDS: Record<string, string> = {
  earnings: 'withheld from your platform earnings',
  settlement: 'early settlement',
};

/** A payment reversed (bounced, or recorded in error): what no longer counts, why, and the balance now. */
export function paymentReversedMail(
  r: Recipient,
  p: {
    applicationId: number;
    paymentId: number;
    amount: string;
    fee: string;
    paymentDate: string;
    reason: string;
    remaining: string;
    amountOverdue: string;
  },
): MailMessage {
  const facts: Array<[string, string]> = [
    ['Financing', `#${p.applicationId}`],
    ['Receipt number reversed', String(p.paymentId)],
    ['Payment', `${money(p.amount)} + ${money(p.fee)} platform fee, ${day(p.paymentDate)}`],
    ['Why', p.reason],
    ['Balance still to repay', money(p.remaining)],
  ];
  if (Number(p.amountOverdue) > 0) facts.push(['Now overdue', money(p.amountOverdue)]);
  return notice(r, {
    subject: `A payment on your ${PRODUCT_NAME} financing #${p.applicationId} was reversed`,
    title: 'A payment was reversed',
    intro: [
      `We have reversed the payment of ${money(p.amount)} recorded on ${day(p.paymentDate)} (receipt ${p.paymentId}): it no longer counts towards your financing, and its receipt no longer holds. Why: ${p.reason}`,
    ],
    facts,
    after: [
      `If you did pay, or you think this is a mistake, reply to this e-mail with proof of payment and we will look at it at once. ${SEE_DASHBOARD}`,
    ],
  });
}

export function paymentReceiptMail(
  r: Recipient,
  p: {
    applicationId: number;
    paymentId: number;
    /** To the loan. */
    amount: string;
    /** The platform fee the payment carried, and what the creator handed over: amount + fee. */
    fee: string;
    total: string;
    paymentDate: string;
    kind: string;
    remaining: string;
    /** The next instalment, its fee and what is handed over for it. */
    next: { dueDate: string; outstanding: string; fee: string; total: string } | null;
    amountOverdue: string;
  },
): MailMessage {
  const how = PAYMENT_KIND_WORDS[p.kind];
  const facts: Array<[string, string]> = [
    ['Financing', `#${p.applicationId}`],
    ['Receipt number', String(p.paymentId)],
    ['Paid to your financing', money(p.amount)],
    ['Platform fee', money(p.fee)],
    ['Total received', money(p.total)],
    ['Payment date', day(p.paymentDate)],
    ['Balance still to repay', money(p.remaining)],
  ];
  if (Number(p.amountOverdue) > 0) facts.push(['Still overdue', money(p.amountOverdue)]);
  if (p.next) {
    facts.push([
      'Next instalment',
      `${money(p.next.total)} (${money(p.next.outstanding)} + ${money(p.next.fee)} platform fee) due ${day(p.next.dueDate)}`,
    ]);
  }
  return notice(r, {
    subject: `Payment received: ${money(p.total)} for your ${PRODUCT_NAME} financing #${p.applicationId}`,
    title: 'Payment received',
    intro: [
      `Thank you: we received ${money(p.total)}${how ? ` (${how})` : ''} on ${day(p.paymentDate)}: ${money(p.amount)} to your financing and the ${money(p.fee)} platform fee. This is your receipt.`,
    ],
    facts,
    after: [SEE_DASHBOARD],
  });
}

/** The paid-up letter: the last payment closed the loan (a normal payment or an early settlement). */
export function paidUpMail(
  r: Recipient,
  loan: {
    id: number;
    amount: string;
    paymentDate: string;
    kind: string;
    amountFinanced: string;
    totalRepaid: string;
    /** The finance charge not earned that an early settlement rebated ('0.00' otherwise). */
    rebate: string;
    startDate: Date;
  },
): MailMessage {
  const settled = loan.kind === 'settlement';
  const saved = Number(loan.rebate) > 0;
  return notice(r, {
    subject: settled
      ? `Your ${PRODUCT_NAME} financing #${loan.id} is settled`
      : `Your ${PRODUCT_NAME} financing #${loan.id} is paid up`,
    title: settled ? 'Your financing is settled' : 'Your financing is paid up',
    intro: [
      settled
        ? `We received your early settlement of ${money(loan.amount)} (paid on ${day(loan.paymentDate)}), with no fee or penalty of any kind.${saved ? ` Settling early saved you ${money(loan.rebate)} of finance charge not yet earned.` : ''}`
        : `We received your final payment of ${money(loan.amount)} on ${day(loan.paymentDate)}.`,
      `This letter confirms that your financing #${loan.id}, paid out on ${day(loan.startDate)}, is paid in full and closed. You owe ${PRODUCT_NAME} nothing more on it.`,
    ],
    facts: [
      ['Financing', `#${loan.id}`],
      ['Amount financed', money(loan.amountFinanced)],
      ['Total repaid', money(loan.totalRepaid)],
      ...(saved ? ([['Finance charge saved', money(loan.rebate)]] as const) : []),
      ['Final payment', `${money(loan.amount)} on ${day(loan.paymentDate)}`],
      ['Balance', money('0')],
    ],
    after: [
      'Keep this e-mail as your paid-up letter. Your statement in the dashboard shows the final balance of zero. Thank you for repaying with us.',
    ],
  });
}

export function paymentReminderMail(
  r: Recipient,
  i: {
    applicationId: number;
    number: number;
    instalments: number;
    dueDate: string;
    outstanding: string;
    /** The platform fee on it, and what is handed over: outstanding + fee. */
    fee: string;
    total: string;
    daysBefore: number;
    amountOverdue: string;
  },
): MailMessage {
  const when = i.daysBefore === 1 ? 'tomorrow' : `in ${i.daysBefore} days`;
  const facts: Array<[string, string]> = [
    ['Financing', `#${i.applicationId}`],
    ['Instalment', `${i.number} of ${i.instalments}`],
    ['Amount due', money(i.outstanding)],
    ['Platform fee', money(i.fee)],
    ['To pay', money(i.total)],
    ['Due date', day(i.dueDate)],
    ['Payment reference', paymentReferenceFor(i.applicationId)],
  ];
  if (Number(i.amountOverdue) > 0) facts.push(['Already overdue', money(i.amountOverdue)]);
  return notice(r, {
    subject: `Reminder: ${money(i.total)} for your ${PRODUCT_NAME} financing falls due on ${day(i.dueDate)}`,
    title: 'Your next instalment falls due soon',
    intro: [
      `A friendly reminder: instalment ${i.number} of your financing #${i.applicationId}, ${money(i.total)} with its platform fee (${money(i.outstanding)} + ${money(i.fee)}), falls due on ${day(i.dueDate)} (${when}).`,
    ],
    facts,
    after: [
      'If it has already been paid or withheld from your earnings, you can ignore this reminder.',
      `You can turn payment reminders off in ${PRODUCT_NAME} Settings. Receipts and notices about your loan are always sent.`,
    ],
  });
}

export type OverdueStage = 1 | 30 | 60;

export function overdueMail(
  r: Recipient,
  o: {
    applicationId: number;
    stage: OverdueStage;
    daysPastDue: number;
    number: number;
    dueDate: string;
    instalmentOutstanding: string;
    amountOverdue: string;
    /** The platform fee on the overdue amount paid in one payment, and what that payment is in all. */
    overdueFee: string;
    overdueTotal: string;
    remaining: string;
  },
): MailMessage {
  const days = `${o.daysPastDue} ${o.daysPastDue === 1 ? 'day' : 'days'}`;
  const warning =
    o.stage === 60
      ? 'This is a final notice. A loan more than 90 days past due is marked in default, which affects whether you can apply for financing again. Please pay the overdue amount, or contact us now to agree a way forward.'
      : o.stage === 30
        ? 'Please pay the overdue amount as soon as you can. If you are struggling to keep up, contact us: we can look at your plan together.'
        : 'If you have already paid, thank you, and please ignore this notice. Otherwise, please pay the overdue amount as soon as you can.';
  return notice(r, {
    subject: `${o.stage === 60 ? 'Final notice' : 'Overdue'}: your ${PRODUCT_NAME} financing #${o.applicationId} is ${days} past due`,
    title: o.stage === 60 ? 'Final notice: your payment is overdue' : 'Your payment is overdue',
    intro: [
      `Instalment ${o.number} of your financing #${o.applicationId} fell due on ${day(o.dueDate)} and is now ${days} past due.`,
    ],
    facts: [
      ['Financing', `#${o.applicationId}`],
      ['Instalment', `${o.number}, due ${day(o.dueDate)}`],
      ['Unpaid on this instalment', money(o.instalmentOutstanding)],
      ['Total amount overdue', money(o.amountOverdue)],
      [
        'To bring it up to date, pay',
        `${money(o.overdueTotal)} (with the ${money(o.overdueFee)} platform fee)`,
      ],
      ['Days past due', String(o.daysPastDue)],
      ['Balance still to repay', money(o.remaining)],
      ['Payment reference', paymentReferenceFor(o.applicationId)],
    ],
    after: [warning, SEE_DASHBOARD],
  });
}

/**
 * A cancellation, by the creator or by an admin: nothing was paid out (only an application under review or
 * approved can be cancelled), and the reason, which the creator also sees with their application, if there is one.
 */
export function applicationCancelledMail(
  r: Recipient,
  a: { id: number; requestedAmount: string; reason: string | null; by: 'creator' | 'admin' },
): MailMessage {
  const reason = a.reason?.trim();
  return notice(r, {
    subject: `Your ${PRODUCT_NAME} application #${a.id} is cancelled`,
    title: 'Your application is cancelled',
    intro: [
      a.by === 'creator'
        ? `As you asked, your application #${a.id} for ${money(a.requestedAmount)} is cancelled.`
        : `Your application #${a.id} for ${money(a.requestedAmount)} has been cancelled by ${PRODUCT_NAME}.`,
      ...(reason ? [a.by === 'creator' ? `Your reason: ${reason}` : `Why: ${reason}`] : []),
      'Nothing was paid out on this application, so you owe nothing on it.',
    ],
    facts: [
      ['Application', `#${a.id}`],
      ['Amount requested', money(a.requestedAmount)],
      ['Status', 'Cancelled'],
    ],
    after: [
      `A cancelled application cannot be reopened. You can apply again at any time: sign in to ${PRODUCT_NAME} to see your applications.`,
    ],
  });
}

/**
 * A restructure: the new terms the creator now repays on. A legal notice: always sent, whatever the reminder
 * choice. `lastInstalmentAmount` is the last instalment's own amount (it takes the rounding remainder).
 */
export function loanRestructuredMail(
  r: Recipient,
  loan: {
    applicationId: number;
    balance: string;
    installmentAmount: string;
    lastInstalmentAmount: string;
    instalments: number;
    months: number;
    frequency: string;
    firstDueDate: string;
    lastDueDate: string;
    /** It was in default and is active again. */
    backToActive: boolean;
  },
): MailMessage {
  const last =
    loan.lastInstalmentAmount === loan.installmentAmount
      ? day(loan.lastDueDate)
      : `${day(loan.lastDueDate)} (${money(loan.lastInstalmentAmount)})`;
  return notice(r, {
    subject: `New repayment terms for your ${PRODUCT_NAME} financing #${loan.applicationId}`,
    title: 'Your repayment plan has been restructured',
    intro: [
      `Your financing #${loan.applicationId} has been restructured. Your balance of ${money(loan.balance)} is now repaid in ${loan.instalments} ${loan.instalments === 1 ? 'instalment' : 'instalments'} over ${loan.months} ${loan.months === 1 ? 'month' : 'months'}, the first of ${money(loan.installmentAmount)} due on ${day(loan.firstDueDate)}. There is no extra cost: the balance you owe is the same.`,
      'These terms replace the unpaid instalments of your previous plan. Payments you already made stay as they were.',
      ...(loan.backToActive ? ['Your financing is no longer in default: it is active again.'] : []),
    ],
    facts: [
      ['Financing', `#${loan.applicationId}`],
      ['Balance to repay', money(loan.balance)],
      ['New instalment', money(loan.installmentAmount)],
      ['Number of instalments', String(loan.instalments)],
      ['How often', frequencyWords(loan.frequency)],
      ['First instalment due', day(loan.firstDueDate)],
      ['Last instalment due', last],
      ['Extra cost', money('0')],
    ],
    after: [
      'Please keep this e-mail: it sets out the terms you now repay on. You can still repay early at any time without a penalty.',
      SEE_DASHBOARD,
    ],
  });
}

/**
 * A notice of default: the facts (what is unpaid since when, what is overdue, the balance), what the creator can
 * do, and what default means here (docs/lending.md: more than 90 days past due; cured once nothing is overdue;
 * no new application while in default). It threatens nothing the product does not do.
 */
export function loanDefaultedMail(
  r: Recipient,
  d: {
    applicationId: number;
    oldestDueDate: string;
    daysPastDue: number;
    amountOverdue: string;
    balance: string;
  },
): MailMessage {
  return notice(r, {
    subject: `Notice of default: your ${PRODUCT_NAME} financing #${d.applicationId}`,
    title: 'Your financing is in default',
    intro: [
      `Your financing #${d.applicationId} is now in default. The oldest unpaid instalment fell due on ${day(d.oldestDueDate)} and has been unpaid for ${d.daysPastDue} days; under your agreement, financing with a payment unpaid for more than 90 days is in default.`,
    ],
    facts: [
      ['Financing', `#${d.applicationId}`],
      ['Oldest unpaid instalment due', day(d.oldestDueDate)],
      ['Days past due', String(d.daysPastDue)],
      ['Total amount overdue', money(d.amountOverdue)],
      ['Balance still to repay', money(d.balance)],
    ],
    after: [
      `What you can do: pay the overdue amount of ${money(d.amountOverdue)}. Once nothing is overdue, your financing is no longer in default and is active again.`,
      `If you cannot pay it, or if you have already paid, contact us at ${SUPPORT_EMAIL} so we can agree a way forward together.`,
      `While your financing is in default you cannot apply for new financing with ${PRODUCT_NAME}.`,
      SEE_DASHBOARD,
    ],
  });
}

/**
 * The lender gave up what a written-off loan still owed (docs/lending.md, "Forgiving a written-off balance"): the
 * creator's written confirmation that nothing more is owed on it, and that the default stays in their history.
 */
export function balanceForgivenMail(
  r: Recipient,
  d: { applicationId: number; forgivenOn: string; forgivenAmount: string; totalRepaid: string },
): MailMessage {
  return notice(r, {
    subject: `Your ${PRODUCT_NAME} financing #${d.applicationId}: the balance is forgiven`,
    title: 'The balance of your financing is forgiven',
    intro: [
      `On ${day(d.forgivenOn)} ${PRODUCT_NAME} forgave the ${money(d.forgivenAmount)} still owed on your financing #${d.applicationId}. You owe ${PRODUCT_NAME} nothing more on it, and we will not ask you for it or hand it to anyone to collect.`,
    ],
    facts: [
      ['Financing', `#${d.applicationId}`],
      ['Balance forgiven', money(d.forgivenAmount)],
      ['Total repaid', money(d.totalRepaid)],
      ['Balance now', money('0.00')],
    ],
    after: [
      'Your statement shows the balance forgiven on that day. The financing was in default before it was forgiven, and that stays part of its history with us.',
      `If you have questions, contact us at ${SUPPORT_EMAIL}.`,
    ],
  });
}

/** Who a consumer can turn to (the settings named in docs/compliance.md), and how to pay us. */
export type Recourse = { debtCounsellor: string; adrAgent: string; consumerCourt: string; ombud: string };
export type HowToPay = { bankName: string; accountName: string; branchCode: string };

/**
 * The notice of section 129(1)(a) of the National Credit Act (docs/compliance.md, "Default and enforcement"): it
 * draws the default to the consumer's attention in writing and proposes that they refer the agreement to a debt
 * counsellor, an alternative dispute resolution agent, the consumer court or the ombud with jurisdiction, to resolve
 * a dispute or agree a plan to bring the payments up to date; it names what is in arrears, how to pay, and that no
 * step to enforce the agreement is taken before 10 business days have passed (s130(1)(a)).
 */
export function section129NoticeMail(
  r: Recipient,
  d: {
    applicationId: number;
    arrearsFrom: string;
    businessDaysInArrears: number;
    amountOverdue: string;
    overdueTotal: string;
    balance: string;
    enforcementFrom: string;
    recourse: Recourse;
    howToPay: HowToPay;
  },
): MailMessage {
  return notice(r, {
    subject: `Notice in terms of section 129(1)(a) of the National Credit Act: financing #${d.applicationId}`,
    title: 'Notice of default (section 129 of the National Credit Act)',
    intro: [
      `This is a notice in terms of section 129(1)(a) of the National Credit Act 34 of 2005 about your credit agreement with ${PRODUCT_NAME}, financing #${d.applicationId}.`,
      `You are in default under the agreement: payments have been in arrears since ${day(d.arrearsFrom)}, for ${d.businessDaysInArrears} business days.`,
    ],
    facts: [
      ['Financing', `#${d.applicationId}`],
      ['In arrears since', day(d.arrearsFrom)],
      ['Amount in arrears', money(d.amountOverdue)],
      ['To pay now, with the platform fee', money(d.overdueTotal)],
      ['Balance of the agreement', money(d.balance)],
      // No account number in an e-mail (docs/notices.md): a number changed in transit is how payments are stolen.
      ['Pay into', `${d.howToPay.accountName} at ${d.howToPay.bankName}, branch ${d.howToPay.branchCode}`],
      ['Account number', `shown when you sign in to ${PRODUCT_NAME} (we never send it by e-mail)`],
      ['Payment reference', paymentReferenceFor(d.applicationId)],
    ],
    after: [
      'We propose that you refer this credit agreement to a debt counsellor, an alternative dispute resolution agent, the consumer court or the ombud with jurisdiction, so that we can resolve any dispute under the agreement or develop and agree on a plan to bring your payments up to date. You may choose any of them:',
      `A debt counsellor: ${d.recourse.debtCounsellor}.`,
      `An alternative dispute resolution agent: ${d.recourse.adrAgent}.`,
      `The consumer court: ${d.recourse.consumerCourt}.`,
      `The ombud with jurisdiction: ${d.recourse.ombud}.`,
      `You can also pay the amount in arrears, or contact us at ${SUPPORT_EMAIL} to agree a plan with us.`,
      `We will not take any step to enforce the agreement (such as handing it over for collection or to our attorneys) before ${day(d.enforcementFrom)}, 10 business days after this notice, and not at all while you are under debt review.`,
    ],
  });
}

/**
 * The notice before adverse information is reported to a credit bureau (regulation 19(4)): 20 business days'
 * warning, and what stops it.
 */
export function bureauNoticeMail(
  r: Recipient,
  d: { applicationId: number; amountOverdue: string; arrearsFrom: string; listableFrom: string },
): MailMessage {
  return notice(r, {
    subject: `Notice before we report to a credit bureau: financing #${d.applicationId}`,
    title: 'We may report your arrears to a credit bureau',
    intro: [
      `Your financing #${d.applicationId} has been in arrears since ${day(d.arrearsFrom)}: ${money(d.amountOverdue)} is overdue.`,
      `If it is still in arrears on ${day(d.listableFrom)} (20 business days from this notice, regulation 19(4) of the National Credit Regulations), we will report it to the credit bureaus as adverse information, which other lenders can see.`,
    ],
    after: [
      `Paying the amount in arrears before then stops the report. If you think this is wrong, or you cannot pay, contact us at ${SUPPORT_EMAIL}.`,
      SEE_DASHBOARD,
    ],
  });
}

/** The monthly statement of section 108 of the National Credit Act: the month's opening and closing balance. */
export function monthlyStatementMail(
  r: Recipient,
  d: {
    applicationId: number;
    periodFrom: string;
    periodTo: string;
    opening: string;
    payments: Array<{ date: string; amount: string; fee: string }>;
    paid: string;
    fees: string;
    closing: string;
    amountOverdue: string;
    nextDueDate: string | null;
  },
): MailMessage {
  const month = `${day(d.periodFrom)} to ${day(d.periodTo)}`;
  return notice(r, {
    subject: `Your ${PRODUCT_NAME} statement for financing #${d.applicationId}: ${month}`,
    title: 'Your monthly statement',
    intro: [
      `Your statement of account for financing #${d.applicationId}, ${month} (section 108 of the National Credit Act).`,
    ],
    facts: [
      ['Opening balance', money(d.opening)],
      ...d.payments.map(
        (p) =>
          [`Payment on ${day(p.date)}`, `${money(p.amount)} (and ${money(p.fee)} platform fee)`] as const,
      ),
      ['Paid to the loan this month', money(d.paid)],
      ['Charges this month (platform fees)', money(d.fees)],
      ['Closing balance', money(d.closing)],
      ['Overdue now', money(d.amountOverdue)],
      ...(d.nextDueDate ? [['Next instalment due', day(d.nextDueDate)] as const] : []),
    ],
    after: [
      'The finance charge was part of the balance from the start (it is not added month by month); the platform fee is charged with each payment.',
      `If anything on this statement looks wrong, contact us at ${SUPPORT_EMAIL}.`,
      SEE_DASHBOARD,
    ],
  });
}
