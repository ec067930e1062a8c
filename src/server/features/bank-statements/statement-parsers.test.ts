import { readFileSync } from 'node:fs';
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentKey, lineKeys } from './line-keys';
import { type ReadLine, readStatement } from './statement-parsers';
import { parseBankAmount, parseBankDay, parseOfxDay } from './statement-text';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../../tests/fixtures/bank-statements/${name}`, import.meta.url));
const brief = (lines: ReadLine[]) =>
  lines.map((l) => [l.postedOn, l.amount?.toFixed(2) ?? null, l.description, l.problem !== null]);

describe('amounts as banks write them', () => {
  it.each([
    ['1234.56', '1234.56'],
    ['-1234.56', '-1234.56'],
    ['1 234,56', '1234.56'],
    ['1\u00a0234,56', '1234.56'],
    ['1,234.56', '1234.56'],
    ['1.234,56', '1234.56'],
    ['R 1 234.56', '1234.56'],
    ['1234.56 Cr', '1234.56'],
    ['1234.56Dr', '-1234.56'],
    ['(123.45)', '-123.45'],
    ['123.45-', '-123.45'],
    ['+50', '50'],
    ['1,234', '1234'],
    ['12,5', '12.5'],
    ['1.234.567', '1234567'],
  ])('%s is %s', (text, expected) => {
    expect(parseBankAmount(text)?.toString()).toBe(new Decimal(expected).toString());
  });

  it.each(['', 'abc', '12x.00', '1.234', '1.2345', '1,23,4.5.6', '--5', 'R'])(
    '%s is not an amount',
    (text) => {
      // '1.234' has three decimals: a bank writes cents, so it is refused rather than guessed.
      expect(parseBankAmount(text)).toBeNull();
    },
  );
});

describe('days as banks write them', () => {
  it.each([
    ['2026/11/02', '2026-11-02'],
    ['2026-11-02', '2026-11-02'],
    ['20261102', '2026-11-02'],
    ['02/11/2026', '2026-11-02'],
    ['2/11/2026 08:15', '2026-11-02'],
    ['2 Nov 2026', '2026-11-02'],
    ['02 November 2026', '2026-11-02'],
    ['02Nov2026', '2026-11-02'],
    ['2026-11-02 14:05:00', '2026-11-02'],
  ])('%s is %s', (text, expected) => expect(parseBankDay(text)).toBe(expected));

  it.each(['31/11/2026', '2026/13/01', 'Closing Balance', '', '2 Foo 2026'])('%s is not a day', (text) =>
    expect(parseBankDay(text)).toBeNull(),
  );

  it('OFX days: as written without a zone, on the South African day with one', () => {
    expect(parseOfxDay('20261124')).toBe('2026-11-24');
    expect(parseOfxDay('20261124000000.000[+2:SAST]')).toBe('2026-11-24');
    // 23:00 in London is 01:00 the next day in Johannesburg.
    expect(parseOfxDay('20261124230000.000[+0:GMT]')).toBe('2026-11-25');
    expect(parseOfxDay('20261124200000[-5:EST]')).toBe('2026-11-25');
    expect(parseOfxDay('20261131')).toBeNull();
    expect(parseOfxDay('yesterday')).toBeNull();
  });
});

describe('reading statement files', () => {
  it('an FNB CSV: the account lines above the header and the closing balance below are not transactions', async () => {
    const read = await readStatement('fnb', fixture('fnb.csv'));
    expect(read.format).toBe('csv');
    expect(brief(read.lines)).toEqual([
      ['2026-11-24', '1500.00', 'FNB APP PAYMENT FROM T MOKOENA {{ref:A}}', false],
      ['2026-11-24', '-35.00', '#MONTHLY ACCOUNT FEE', false],
      ['2026-11-25', '1025.50', 'CAPITEC {{ref:B}} S NAIDOO', false],
      ['2026-11-25', '800.00', 'ADT CASH DEPOSIT VUKA CAPITAL', false],
      ['2026-11-26', '-12000.00', 'FNB OB PMT TO CREATOR PAYOUT', false],
      ['2026-11-26', null, 'MALFORMED AMOUNT IN EXPORT', true],
    ]);
    expect(read.lines[5]!.problem).toBe('The amount "12x.00" is not an amount');
  });

  it('a Standard Bank CSV: the description and the reference are the line words', async () => {
    const read = await readStatement('standard_bank', fixture('standard-bank.csv'));
    expect(brief(read.lines)).toEqual([
      ['2026-11-24', '1500.00', 'IB PAYMENT FROM {{ref:A}} MOKOENA', false],
      ['2026-11-24', '-18.50', 'SERVICE FEE', false],
      ['2026-11-25', '1025.50', 'INSTANT MONEY {{ref:B}}', false],
      ['2026-11-25', '800.00', 'CREDIT TRANSFER THANDI ROYALTIES', false],
      ['2026-11-26', '800.00', 'CREDIT TRANSFER THANDI ROYALTIES', false],
    ]);
  });

  it('an OFX 1.x (SGML) file: leaves left open, FITIDs kept, entities decoded, days in SA time', async () => {
    const read = await readStatement('fnb', fixture('statement.ofx'));
    expect(read.format).toBe('ofx');
    expect(brief(read.lines)).toEqual([
      ['2026-11-24', '1500.00', 'T MOKOENA PAYMENT {{ref:A}}', false],
      ['2026-11-24', '-35.00', 'MONTHLY ACCOUNT FEE', false],
      ['2026-11-25', '1025.50', 'S NAIDOO {{ref:B}} & THANKS', false],
      ['2026-11-26', '800.00', 'ADT CASH DEPOSIT', false],
    ]);
    expect(read.lines.map((l) => l.bankLineId)).toEqual([
      '202611240001',
      '202611240002',
      '202611250001',
      '202611260001',
    ]);
  });

  it('an OFX 2.x (XML) file reads the same way, whichever bank was chosen', async () => {
    const read = await readStatement('nedbank', fixture('statement-v2.ofx'));
    expect(brief(read.lines)).toEqual([
      ['2026-11-25', '2500.00', 'L VAN WYK {{ref:A}}', false],
      ['2026-11-26', '-4.50', 'SMS NOTIFICATION FEE', false],
    ]);
    expect(read.lines[0]!.bankLineId).toBe('NED-20261125-0007');
  });

  it('money in and out apart (Nedbank, Capitec): one of the two on each line, a bad one kept with its reason', async () => {
    const csv = [
      'Nr,Transaction Date,Posting Date,Description,Money In,Money Out,Fee,Balance',
      '1,2026-11-24 08:15,2026-11-24,VUKA-000101-1 payment,1500.00,,,1500.00',
      '2,2026-11-24 09:00,2026-11-24,Airtime,,-29.00,,1471.00',
      '3,2026-11-25 09:00,2026-11-25,Both sides,10.00,5.00,,1476.00',
    ].join('\n');
    const read = await readStatement('capitec', Buffer.from(csv));
    expect(brief(read.lines)).toEqual([
      ['2026-11-24', '1500.00', 'VUKA-000101-1 payment', false],
      ['2026-11-24', '-29.00', 'Airtime', false],
      ['2026-11-25', null, 'Both sides', true],
    ]);
    const nedbank = await readStatement(
      'nedbank',
      Buffer.from(
        'Transaction Date,Description,Debit,Credit,Balance\n24/11/2026,PAYMENT,,"2 000,00",2000.00\n',
      ),
    );
    expect(brief(nedbank.lines)).toEqual([['2026-11-24', '2000.00', 'PAYMENT', false]]);
  });

  it('an Absa CSV with a day that does not exist: that line fails, the rest reads', async () => {
    const csv = 'Date,Transaction Description,Amount,Balance\n31/11/2026,X,10.00,10\n30/11/2026,Y,20.00,30\n';
    const read = await readStatement('absa', Buffer.from(csv));
    expect(brief(read.lines)).toEqual([
      [null, '10.00', 'X', true],
      ['2026-11-30', '20.00', 'Y', false],
    ]);
    expect(read.lines[0]!.problem).toBe('The day "31/11/2026" is not a date');
  });

  it('a long FNB CSV (many slices of reading) reads every line, in order, with its words', async () => {
    const rows = Array.from(
      { length: 3000 },
      (_, i) =>
        `2026/11/2${i % 10},${i + 1}.50,0,"DEPOSIT, NUMBER ${i + 1} ""QUOTED"" WORDS ${'X'.repeat(i % 40)}"`,
    );
    const csv = ['2,"Vuka Capital (Pty) Ltd"', 'Date,Amount,Balance,Description', ...rows].join('\n');
    expect(csv.length).toBeGreaterThan(3 * 64 * 1024);
    const read = await readStatement('fnb', Buffer.from(csv));
    expect(read.lines).toHaveLength(3000);
    expect(read.lines.map((l) => l.position)).toEqual(rows.map((_, i) => i + 1));
    expect(read.lines[2999]).toMatchObject({
      postedOn: '2026-11-29',
      description: `DEPOSIT, NUMBER 3000 "QUOTED" WORDS ${'X'.repeat(2999 % 40)}`,
      problem: null,
    });
    expect(read.lines[2999]!.amount!.toFixed(2)).toBe('3000.50');
  });

  it('files that are not statements are refused whole, naming what is wrong', async () => {
    const refused = async (bank: 'fnb' | 'standard_bank', text: string | Buffer) => {
      try {
        await readStatement(bank, Buffer.isBuffer(text) ? text : Buffer.from(text));
      } catch (error) {
        return (error as Error).message;
      }
      return 'accepted';
    };
    expect(await refused('fnb', '')).toBe('The file is empty');
    expect(await refused('fnb', Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0x01]))).toMatch(/not text/);
    // An export whose header lacks a column the layout needs: the message names that column.
    expect(await refused('fnb', 'Date,Narrative,Amount\n2026/11/24,x,1\n')).toBe(
      'This does not fit the FNB CSV layout: its header has no "Description" column (expected "Date", "Amount", "Description")',
    );
    expect(await refused('standard_bank', 'hello world\nnot a statement\n')).toMatch(
      /^This is not a Standard Bank statement in CSV \(or OFX\)/,
    );
    expect(await refused('fnb', 'OFXHEADER:100\n<OFX><SIGNONMSGSRSV1></SIGNONMSGSRSV1></OFX>')).toMatch(
      /no transaction list/,
    );
    expect(await refused('fnb', '<OFX><BANKTRANLIST><STMTTRN><TRNAMT>1.00')).toMatch(/cut short/);
  });
});

describe('line keys', () => {
  const line = (description: string, amount = '100.00', postedOn = '2026-11-24'): ReadLine => ({
    position: 1,
    postedOn,
    amount: new Decimal(amount),
    description,
    bankLineId: null,
    problem: null,
  });

  it('two identical lines on one day are two payments; the same day exported again gives the same keys', async () => {
    const file = [line('CASH DEPOSIT'), line('cash  deposit'), line('CASH DEPOSIT', '100.00', '2026-11-25')];
    const keys = await lineKeys(file);
    expect(new Set(keys).size).toBe(3);
    expect(await lineKeys(file)).toEqual(keys);
    // A later file holding the same first day: the same first two keys.
    expect(await lineKeys(file.slice(0, 2))).toEqual(keys.slice(0, 2));
  });

  it('the bank id wins when given; an unreadable line has no key', async () => {
    const [withId, unreadable] = await lineKeys([
      { ...line('X'), bankLineId: 'FIT-1' },
      { ...line('Y'), amount: null, problem: 'bad' },
    ]);
    expect(withId).toMatch(/^f:[0-9a-f]{64}$/);
    expect(unreadable).toBeNull();
  });

  it('property: a key is stable, and lines that differ in ordinal, day, amount or words have different keys', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 40 }),
        fc.integer({ min: -10_000_000, max: 10_000_000 }),
        fc.integer({ min: 0, max: 50 }),
        fc.integer({ min: 1, max: 50 }),
        (words, cents, ordinal, step) => {
          const l = line(words, new Decimal(cents).div(100).toFixed(2));
          expect(contentKey(l, ordinal)).toBe(contentKey({ ...l }, ordinal));
          expect(contentKey(l, ordinal)).not.toBe(contentKey(l, ordinal + step));
          expect(contentKey(l, ordinal)).not.toBe(
            contentKey({ ...l, amount: l.amount!.plus(new Decimal(step).div(100)) }, ordinal),
          );
          expect(contentKey(l, ordinal)).not.toBe(contentKey({ ...l, postedOn: '2026-11-25' }, ordinal));
        },
      ),
    );
  });
});
