import { describe, expect, it } from 'vitest';
import { parseResultFile, ResultFileError, resultFileText, runFileText } from './debit-order-files';
import { decideAfterFailure } from './represent-rule';

const item = (id: number, total: string, extra: Partial<Parameters<typeof runFileText>[1][number]> = {}) => ({
  id,
  contractReference: `VUKA-00000${id}-0`,
  accountHolder: 'Zola Test',
  branchCode: '470010',
  accountNumber: '1234567890',
  accountType: 'savings' as const,
  total,
  trackingDays: 3,
  attempt: 1,
  ...extra,
});

describe('the run file', () => {
  it('writes a header, one record per collection in cents, and a trailer with the count and total', () => {
    const text = runFileText({ id: 7, collectionDate: '2026-12-23', createdOn: '2026-12-20' }, [
      item(1, '1025.50'),
      item(2, '0.05', { accountType: 'cheque', attempt: 2, accountHolder: 'Mokoena, T' }),
    ]);
    expect(text.split('\r\n')).toEqual([
      'H,VUKACAP,7,2026-12-23,2026-12-20',
      'D,1,VUKA-000001-0,Zola Test,470010,1234567890,2,102550,2026-12-23,3,1',
      'D,2,VUKA-000002-0,"Mokoena, T",470010,1234567890,1,5,2026-12-23,3,2',
      'T,2,102555',
      '',
    ]);
  });

  it('has a trailer of zero for an empty run, and escapes a name a spreadsheet would run', () => {
    expect(runFileText({ id: 1, collectionDate: '2026-12-23', createdOn: '2026-12-23' }, [])).toBe(
      'H,VUKACAP,1,2026-12-23,2026-12-23\r\nT,0,0\r\n',
    );
    expect(
      runFileText({ id: 1, collectionDate: '2026-12-23', createdOn: '2026-12-23' }, [
        item(3, '10.00', { accountHolder: '=cmd' }),
      ]),
    ).toContain("D,3,VUKA-000003-0,'=cmd,");
  });
});

describe('the result file', () => {
  it('reads paid and unpaid lines by item id or contract reference, columns in any order', () => {
    const text = resultFileText([
      { itemId: 1, reference: 'VUKA-000001-0', cents: '102550', status: 'paid' },
      { itemId: 2, reference: 'VUKA-000002-0', cents: '5', status: 'UNPAID', code: '22' },
    ]);
    expect(parseResultFile(text)).toEqual({
      lines: [
        {
          line: 2,
          itemId: 1,
          contractReference: 'VUKA-000001-0',
          amountCents: 102550n,
          status: 'paid',
          reasonCode: null,
        },
        {
          line: 3,
          itemId: 2,
          contractReference: 'VUKA-000002-0',
          amountCents: 5n,
          status: 'unpaid',
          reasonCode: '22',
        },
      ],
      problems: [],
    });
    const byReference = parseResultFile(
      '\uFEFFstatus,contract_reference,amount_cents\r\npaid,VUKA-000001-0,100\r\n',
    );
    expect(byReference.lines[0]).toMatchObject({
      itemId: null,
      contractReference: 'VUKA-000001-0',
      amountCents: 100n,
    });
  });

  it('counts a line it cannot read as a problem of that line', () => {
    const parsed = parseResultFile(
      'item_id,amount_cents,status,reason_code\nx,1,paid,\n1,12.50,paid,\n1,100,maybe,\n1,100,unpaid,99\n1,100,unpaid,\n,100,paid,',
    );
    expect(parsed.lines).toEqual([]);
    expect(parsed.problems.map((p) => p.line)).toEqual([2, 3, 4, 5, 6, 7]);
    expect(parsed.problems[3]!.message).toMatch(/reason_code 99/);
  });

  it('refuses a file without the columns, or empty', () => {
    expect(() => parseResultFile('')).toThrow(ResultFileError);
    expect(() => parseResultFile('a,b\n1,2')).toThrow(/header row/);
    expect(() => parseResultFile('item_id,status\n1,paid')).toThrow(/header row/);
  });
});

describe('re-presentment', () => {
  const rule = { representCodes: ['02', '22'], representAfterBusinessDays: 5, maxAttempts: 2 };
  it('tries a funds problem again 5 business days later, once', () => {
    // 23 Dec 2026 + 5 business days: past Christmas, the Day of Goodwill (a Saturday) and New Year's Day.
    expect(decideAfterFailure(rule, { reasonCode: '02', attempt: 1, actionDate: '2026-12-23' })).toEqual({
      outcome: 'represent',
      representOn: '2026-12-31',
    });
    expect(decideAfterFailure(rule, { reasonCode: '22', attempt: 2, actionDate: '2026-12-23' })).toEqual({
      outcome: 'exhausted',
      representOn: null,
    });
  });

  it.each(['03', '04', '06', '08', '10', '12', '18', '26', '30', '32', '34', '36'])(
    'suspends the mandate for code %s',
    (code) => {
      expect(decideAfterFailure(rule, { reasonCode: code, attempt: 1, actionDate: '2026-12-23' })).toEqual({
        outcome: 'suspend',
        representOn: null,
      });
    },
  );
});
