// The monthly credit bureau submission (docs/compliance.md, "Credit bureau"): every agreement with a balance at the
// month's end, one comma-separated record each between a header and a trailer, in the layout documented there. Pure:
// the rows come from bureau.repository.ts; the adverse parts of a record are reported only once the consumer had the
// 20 business days' notice of regulation 19(4).
import Decimal from 'decimal.js';
import type { IsoDate } from '../../../shared/business-date';
import { daysBetween } from '../../../shared/business-date';
import { toMoneyString } from '../../../shared/finance/money';

export interface BureauAccount {
  applicationId: number;
  idNumber: string | null;
  passportNumber: string | null;
  registrationNumber: string | null;
  dateOfBirth: string | null;
  surname: string;
  forenames: string;
  agreementClass: string | null;
  openedOn: IsoDate;
  principal: string;
  instalment: string;
  balance: string;
  arrearsFrom: IsoDate | null;
  amountOverdue: string;
  lastPaymentOn: IsoDate | null;
  defaulted: boolean;
  underDebtReview: boolean;
  handedOver: boolean;
  /** The first day adverse information about the current arrears may be reported; null without a notice. */
  adverseListingAllowedFrom: IsoDate | null;
}

/** Status codes of the layout (docs/compliance.md). */
export const BUREAU_STATUS = {
  current: 'C',
  arrears: 'A',
  defaulted: 'X',
  handedOver: 'L',
  debtReview: 'D',
} as const;

export const BUREAU_COLUMNS = [
  'record',
  'account',
  'id_number',
  'passport_number',
  'registration_number',
  'date_of_birth',
  'surname',
  'forenames',
  'agreement_class',
  'opened_on',
  'principal',
  'instalment',
  'balance',
  'arrears_amount',
  'days_in_arrears',
  'status',
  'adverse',
  'last_payment_on',
] as const;

const field = (value: string | number | null) => {
  const text = value === null ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};
const line = (values: Array<string | number | null>) => values.map(field).join(',');

/** One account's record as at `periodEnd`. */
export function bureauRecord(account: BureauAccount, periodEnd: IsoDate): Array<string | number | null> {
  const late = account.arrearsFrom !== null && account.arrearsFrom < periodEnd;
  // Adverse information waits for the notice's 20 business days (regulation 19(4)); debt review is reported as such.
  const listable =
    late && account.adverseListingAllowedFrom !== null && account.adverseListingAllowedFrom <= periodEnd;
  let status: string = BUREAU_STATUS.current;
  if (account.underDebtReview) status = BUREAU_STATUS.debtReview;
  else if (listable && account.handedOver) status = BUREAU_STATUS.handedOver;
  else if (listable && account.defaulted) status = BUREAU_STATUS.defaulted;
  else if (listable) status = BUREAU_STATUS.arrears;
  const adverse =
    status === BUREAU_STATUS.arrears ||
    status === BUREAU_STATUS.defaulted ||
    status === BUREAU_STATUS.handedOver;
  return [
    'D',
    `VUKA${String(account.applicationId).padStart(8, '0')}`,
    account.idNumber,
    account.passportNumber,
    account.registrationNumber,
    account.dateOfBirth,
    account.surname,
    account.forenames,
    account.agreementClass,
    account.openedOn,
    account.principal,
    account.instalment,
    account.balance,
    adverse ? account.amountOverdue : '0.00',
    adverse && account.arrearsFrom ? daysBetween(account.arrearsFrom, periodEnd) : 0,
    status,
    adverse ? 'Y' : 'N',
    account.lastPaymentOn,
  ];
}

export interface BureauFile {
  content: string;
  rows: number;
  totalBalance: string;
}

/** The whole file: header, one record per account, trailer with the count and the totals. */
export function buildBureauFile(input: {
  ncrRegistrationNumber: string;
  providerLegalName: string;
  period: string;
  periodEnd: IsoDate;
  madeOn: IsoDate;
  accounts: BureauAccount[];
}): BureauFile {
  const records = input.accounts.map((a) => bureauRecord(a, input.periodEnd));
  const totalBalance = input.accounts.reduce((sum, a) => sum.plus(a.balance), new Decimal(0));
  const totalArrears = records.reduce((sum, r) => sum.plus(String(r[13])), new Decimal(0));
  const lines = [
    line(['H', input.ncrRegistrationNumber, input.providerLegalName, input.period, input.madeOn]),
    line([...BUREAU_COLUMNS]),
    ...records.map(line),
    line(['T', records.length, toMoneyString(totalBalance), toMoneyString(totalArrears)]),
  ];
  return {
    content: `${lines.join('\r\n')}\r\n`,
    rows: records.length,
    totalBalance: toMoneyString(totalBalance),
  };
}
