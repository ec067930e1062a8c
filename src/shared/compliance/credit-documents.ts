// The two documents of a credit agreement's making (docs/compliance.md, "Pre-agreement statement and the agreement"):
// the pre-agreement statement and quotation (National Credit Act s92, regulation 30, Form 20) of a stored quote, and
// the credit agreement (s93) of the quote the consumer accepted. Both are made from the quote as it was stored
// (src/shared/finance/quote.ts, CreditQuote): the figures the creator saw are the figures on paper. This module decides
// the content (the sections, their labels and values, in the statement's money and date formats); the server draws
// it (features/loans/credit-documents-pdf.ts).
import Decimal from 'decimal.js';
import type { IsoDate } from '../business-date';
import { BRAND_LINE, QUOTE_VALID_BUSINESS_DAYS } from '../constants';
import {
  ANNUAL_RATE_EXPLANATION,
  annualRate,
  type CreditQuote,
  type QuoteText,
  quoteText,
} from '../finance/quote';
import { formatDateLong, formatPercent, formatZar } from '../format';
import { maxInitiationFee } from './ceilings';
import { NCA_RULES } from './nca-rules';

/** Who makes the agreement: the credit provider (configuration) and the consumer (the account and application). */
/** The agreement's file name: the same in the creator's download and on the mail that carries it. */
export const agreementPdfName = (applicationId: number) => `vuka-agreement-${applicationId}.pdf`;

export interface CreditDocumentParties {
  provider: { legalName: string; ncrRegistrationNumber: string; address: string };
  consumer: {
    name: string;
    email: string;
    /** The SA ID or passport number, masked as the API answers it ('900115*****86'); null when none was given. */
    identityNumberMasked: string | null;
    /** A business application's registered name and number. */
    businessName: string | null;
    registrationNumber: string | null;
  };
}

export interface CreditDocumentInput {
  applicationId: number;
  quoteId: number;
  quote: CreditQuote;
  /** When the quote was made (its row's creation). */
  madeAt: Date;
  /** The last South African day the quote holds. */
  validUntil: IsoDate;
  parties: CreditDocumentParties;
  currency?: string | null;
}

export interface CreditDocumentSection {
  title: string;
  fields?: Array<[label: string, value: string]>;
  /** How many label-value columns across the page. */
  columns?: number;
  paragraphs?: string[];
  /** The instalment table, after the fields. */
  instalments?: QuoteText['instalments'];
}

export interface CreditDocumentView {
  /** The PDF's title in its properties. */
  documentTitle: string;
  brandLine: string;
  title: string;
  /** Under the title: the law it follows, the number, the date. */
  notes: string[];
  sections: CreditDocumentSection[];
  footer: string[];
}

/**
 * The finance charge read as the Act's permitted charges (docs/compliance.md, "Charges within the ceilings"): the
 * initiation fee is the largest the Act allows for the principal (repaid with the instalments, not up front; never
 * more than the charge), and the rest is interest. The interest rate is the rate on the declining balance of the
 * principal and the initiation fee at which the instalments (without their platform fees) repay it, counted in
 * calendar days like the annualised cost rate, and given as the Act's ceilings are: a nominal rate a year, twelve
 * times the monthly rate.
 */
export function chargeBreakdown(
  quote: Pick<CreditQuote, 'amountFinanced' | 'financeCharge' | 'disbursementDate' | 'instalments'>,
) {
  const charge = new Decimal(quote.financeCharge);
  const initiationFee = Decimal.min(maxInitiationFee(quote.amountFinanced), Decimal.max(charge, 0));
  const interest = charge.minus(initiationFee);
  let annualInterestRate = new Decimal(0);
  if (interest.gt(0)) {
    const effective = annualRate({
      disbursement: {
        date: quote.disbursementDate,
        amount: new Decimal(quote.amountFinanced).plus(initiationFee),
      },
      repayments: quote.instalments.map((i) => ({ date: i.dueDate, amount: i.amount })),
    });
    const monthly = effective.plus(1).pow(new Decimal(1).div(12)).minus(1);
    annualInterestRate = monthly.times(12).times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  }
  return {
    initiationFee: initiationFee.toFixed(2),
    interest: interest.toFixed(2),
    /** Percent a year, two decimals ('23.41'). */
    annualInterestRate: annualInterestRate.toFixed(2),
  };
}

function partiesSection(parties: CreditDocumentParties): CreditDocumentSection {
  const { provider, consumer } = parties;
  // Two columns: the provider on the left, the consumer on the right, a line for each of their details.
  const left: Array<[string, string]> = [
    ['Credit provider', provider.legalName],
    ['NCR registration number', provider.ncrRegistrationNumber],
    ['Address', provider.address],
  ];
  const right: Array<[string, string]> = [
    ['Consumer', consumer.name],
    ['Identity number', consumer.identityNumberMasked ?? 'Not given'],
    ['E-mail', consumer.email],
  ];
  if (consumer.businessName) right.push(['Business', consumer.businessName]);
  if (consumer.registrationNumber) right.push(['Registration number', consumer.registrationNumber]);
  const fields: Array<[string, string]> = [];
  for (let row = 0; row < Math.max(left.length, right.length); row++) {
    fields.push(left[row] ?? ['', ''], right[row] ?? ['', '']);
  }
  return { title: 'The parties', fields, columns: 2 };
}

/** The cost of the credit and its instalments, as the quote states them, in the Act's permitted charges. */
function termsSections(input: CreditDocumentInput): CreditDocumentSection[] {
  const { quote } = input;
  const text = quoteText(quote, input.currency);
  const money = (value: string) => formatZar(value, { currency: input.currency });
  const split = chargeBreakdown(quote);
  const serviceFeeCap = money(NCA_RULES.monthlyServiceFeeCap.value);
  const monthly = quote.frequency === 'automatic' || quote.frequency === 'monthly';
  const cost: Array<[string, string]> = [
    ['Principal (amount financed)', text.amountFinanced],
    ['Initiation fee', money(split.initiationFee)],
    ['Interest', money(split.interest)],
    ['Interest rate', `${formatPercent(split.annualInterestRate, { decimals: 2 })} a year`],
    ['Finance charge', text.financeCharge],
    // The platform fee is the service fee: on a monthly plan, the monthly service fee itself.
    [monthly ? 'Monthly service fee' : 'Service fee an instalment', text.instalmentFee],
    ['Service fee rate', `${text.platformFeeRate} of each repayment`],
    ['Service fees in all', text.platformFees],
    ['Total cost of credit', text.costOfCredit],
    ['Total payable', text.totalPayable],
    ['Annualised cost rate', text.annualCostRate],
  ];
  if (text.agreementClass) cost.push(['Type of agreement', text.agreementClass]);
  if (text.legalMaximumCost) cost.push(['Most the law allows', text.legalMaximumCost]);
  const costParagraphs = [
    `The finance charge of ${text.financeCharge} is the initiation fee and the interest: the initiation fee is repaid with the instalments, not paid up front, and the interest is charged at ${formatPercent(split.annualInterestRate, { decimals: 2 })} a year on the declining balance. The monthly service fee is our platform fee of ${text.platformFeeRate} on each repayment, never more than ${serviceFeeCap} a month.`,
    ANNUAL_RATE_EXPLANATION,
  ];
  if (text.ceilingNote) costParagraphs.push(text.ceilingNote);
  if (text.legalMaximumCost) {
    costParagraphs.push(
      `The most the National Credit Act's ceilings allow for this amount and term is a total cost of credit of ${text.legalMaximumCost}; this agreement costs ${text.costOfCredit}.`,
    );
  }
  const schedule: Array<[string, string]> = [
    ['Instalment', `${text.instalmentAmount} + ${text.instalmentFee} fee`],
    ['Instalment with its fee', text.instalmentTotal],
    ['Number of instalments', text.instalmentCount],
    ['First instalment due', text.firstDueDate],
    ['Last instalment due', text.lastDueDate],
    ['Payout (assumed)', text.disbursementDate],
  ];
  if (text.estimatedMonthlyWithholding) {
    schedule.push(['Estimated monthly withholding', text.estimatedMonthlyWithholding]);
  }
  return [
    { title: 'The credit and its cost', fields: cost, columns: 3, paragraphs: costParagraphs },
    {
      title: 'Instalments',
      fields: schedule,
      columns: 3,
      paragraphs: [
        `The due dates assume the payout on ${text.disbursementDate}; they count from the day the payout is made, and the amounts, fees and number of instalments stay as shown.`,
      ],
      instalments: text.instalments,
    },
  ];
}

/** The consumer's rights under the Act, in short (the agreement; the quotation repeats them). */
const CONSUMER_RIGHTS: readonly string[] = [
  'Cooling-off: the cooling-off right of section 121 does not apply to this credit (it is not a lease or instalment agreement signed away from our premises). You may instead settle it early at any time, without penalty (section 125): you pay the principal still owed and the charge earned to that day, and no fee.',
  'Statements: we send you a statement of your account every month while you owe a balance, and you may ask for one at any time (sections 108 and 110).',
  'Debt review: if you cannot pay your debts, you may apply to a debt counsellor to be declared over-indebted (section 86); we stop enforcing this agreement while a debt review is under way.',
  'Complaints: you may complain to us first, then to the National Credit Regulator, the credit ombud or the National Consumer Tribunal (sections 134 to 141).',
];

/** The pre-agreement statement and quotation (s92, Form 20) of a stored quote. */
export function preAgreementStatement(input: CreditDocumentInput): CreditDocumentView {
  const made = formatDateLong(input.madeAt);
  const until = formatDateLong(input.validUntil);
  return {
    documentTitle: `Pre-agreement statement and quotation ${input.quoteId}`,
    brandLine: BRAND_LINE,
    title: 'Pre-agreement statement and quotation',
    notes: [
      'National Credit Act 34 of 2005, section 92; regulation 30 (Form 20)',
      `Quotation ${input.quoteId} · application #${input.applicationId}`,
      `Made on ${made}`,
    ],
    sections: [
      partiesSection(input.parties),
      {
        title: 'This quotation',
        fields: [
          ['Quotation number', String(input.quoteId)],
          ['Made on', made],
          ['Binding until', until],
        ],
        columns: 3,
        paragraphs: [
          `This quotation is binding for ${QUOTE_VALID_BUSINESS_DAYS} business days: until ${until}. Accept it by then and the agreement is made on exactly these figures; after that, ask us for a new one. You need not accept it, and you may compare it with other credit providers' quotations.`,
        ],
      },
      ...termsSections(input),
      { title: 'Your rights', paragraphs: [...CONSUMER_RIGHTS] },
    ],
    footer: [
      'This pre-agreement statement and quotation is system-generated and does not require a signature.',
    ],
  };
}

/** The credit agreement (s93) of the accepted quote: the same terms, the acceptance, and the consumer's rights. */
export function creditAgreement(input: CreditDocumentInput & { acceptedAt: Date }): CreditDocumentView {
  const accepted = formatDateLong(input.acceptedAt);
  return {
    documentTitle: `Credit agreement ${input.applicationId}`,
    brandLine: BRAND_LINE,
    title: 'Credit agreement',
    notes: [
      'National Credit Act 34 of 2005, section 93',
      `Agreement ${input.applicationId} · quotation ${input.quoteId}`,
      `Accepted electronically on ${accepted}`,
    ],
    sections: [
      partiesSection(input.parties),
      {
        title: 'The agreement',
        fields: [
          ['Agreement number', String(input.applicationId)],
          ['Quotation accepted', String(input.quoteId)],
          ['Accepted on', accepted],
        ],
        columns: 3,
        paragraphs: [
          `The consumer accepted electronically on ${accepted} the pre-agreement statement and quotation ${input.quoteId} made on ${formatDateLong(input.madeAt)}. The credit provider lends the principal below on these terms; the consumer repays it in the instalments below, with the fees shown. We pay the principal to the bank account the consumer has on file, and the loan starts on the day we do.`,
        ],
      },
      ...termsSections(input),
      { title: 'Your rights', paragraphs: [...CONSUMER_RIGHTS] },
    ],
    footer: ['This agreement was accepted electronically and does not require a signature.'],
  };
}
