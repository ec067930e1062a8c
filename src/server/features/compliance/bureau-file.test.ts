import { describe, expect, it } from 'vitest';
import type { IsoDate } from '../../../shared/business-date';
import { type BureauAccount, buildBureauFile, bureauRecord } from './bureau-file';

const account: BureauAccount = {
  applicationId: 7,
  idNumber: '9001155009086',
  passportNumber: null,
  registrationNumber: null,
  dateOfBirth: '1990-01-15',
  surname: 'Dlamini, Jr',
  forenames: 'Zola',
  agreementClass: 'unsecured',
  openedOn: '2026-11-23' as IsoDate,
  principal: '12000.00',
  instalment: '1244.11',
  balance: '9000.00',
  arrearsFrom: '2026-12-23' as IsoDate,
  amountOverdue: '2488.22',
  lastPaymentOn: null,
  defaulted: false,
  underDebtReview: false,
  handedOver: false,
  adverseListingAllowedFrom: '2027-02-20' as IsoDate,
};
const end = '2027-02-28' as IsoDate;
const status = (a: Partial<BureauAccount>, day: IsoDate = end) =>
  bureauRecord({ ...account, ...a }, day).slice(13, 17);

describe('a bureau record (regulation 19(4): adverse only after 20 business days of notice)', () => {
  it('reports arrears, default and hand-over as adverse once the notice has run, and current before', () => {
    expect(status({})).toEqual(['2488.22', 67, 'A', 'Y']);
    expect(status({ defaulted: true })).toEqual(['2488.22', 67, 'X', 'Y']);
    expect(status({ defaulted: true, handedOver: true })).toEqual(['2488.22', 67, 'L', 'Y']);
    expect(status({}, '2027-01-31' as IsoDate)).toEqual(['0.00', 0, 'C', 'N']);
    expect(status({ adverseListingAllowedFrom: null })).toEqual(['0.00', 0, 'C', 'N']);
  });

  it('reports debt review as such, never as adverse', () => {
    expect(status({ underDebtReview: true })).toEqual(['0.00', 0, 'D', 'N']);
  });

  it('quotes a field with a comma, and totals the file in its trailer', () => {
    const file = buildBureauFile({
      ncrRegistrationNumber: 'NCRCP1',
      providerLegalName: 'Vuka Capital (Pty) Ltd',
      period: '2027-02',
      periodEnd: end,
      madeOn: '2027-03-01' as IsoDate,
      accounts: [account, { ...account, applicationId: 8, balance: '1000.50', underDebtReview: true }],
    });
    const lines = file.content.trimEnd().split('\r\n');
    expect(lines[2]).toContain(',"Dlamini, Jr",Zola,');
    expect(lines.at(-1)).toBe('T,2,10000.50,2488.22');
    expect(file).toMatchObject({ rows: 2, totalBalance: '10000.50' });
  });
});
