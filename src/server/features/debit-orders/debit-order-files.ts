// The two files of a collection run (docs/debit-orders.md, "The run file", "The result file"): the CSV admins submit to
// the bank (a header record, one detail record per collection, a trailer with the count and the total) and the bank's
// result CSV read back, line by line. Pure: the service reads and writes the rows.
import { parse } from 'csv-parse/sync';
import type { IsoDate } from '../../../shared/business-date';
import { csvCell } from '../../../shared/compliance/form39';
import {
  DEBIT_ACCOUNT_TYPE_CODES,
  type DebitAccountType,
  UNPAID_REASONS,
} from '../../../shared/debit-orders';
import { toCents } from '../../../shared/finance/money';

/** The name the run file gives the creditor (us) in its header. */
export const CREDITOR_ABBREVIATION = 'VUKACAP';

export type RunFileItem = {
  id: number;
  contractReference: string;
  accountHolder: string;
  branchCode: string;
  /** In full: the run file is the one place it is written out. */
  accountNumber: string;
  accountType: DebitAccountType;
  /** What the bank collects, in rand ('1234.50'). */
  total: string;
  trackingDays: number;
  attempt: number;
};

/**
 * The run file: CRLF lines, every record a CSV row.
 *   H,<creditor>,<run id>,<action date>,<created date>
 *   D,<item id>,<contract reference>,<account holder>,<branch code>,<account number>,<account type 1|2|3>,<amount in cents>,<action date>,<tracking days>,<attempt>
 *   T,<count of D records>,<total in cents>
 */
export function runFileText(
  run: { id: number; collectionDate: IsoDate; createdOn: IsoDate },
  items: readonly RunFileItem[],
): string {
  const row = (cells: ReadonlyArray<string | number>) => cells.map(csvCell).join(',');
  let total = 0n;
  const lines = [row(['H', CREDITOR_ABBREVIATION, run.id, run.collectionDate, run.createdOn])];
  for (const item of items) {
    const cents = toCents(item.total);
    total += cents;
    lines.push(
      row([
        'D',
        item.id,
        item.contractReference,
        item.accountHolder,
        item.branchCode,
        item.accountNumber,
        DEBIT_ACCOUNT_TYPE_CODES[item.accountType],
        cents.toString(),
        run.collectionDate,
        item.trackingDays,
        item.attempt,
      ]),
    );
  }
  lines.push(row(['T', items.length, total.toString()]));
  return `${lines.join('\r\n')}\r\n`;
}

export const RESULT_FILE_COLUMNS = [
  'item_id',
  'contract_reference',
  'amount_cents',
  'status',
  'reason_code',
] as const;

export type ResultLine = {
  /** The line's number in the file (the header is line 1). */
  line: number;
  itemId: number | null;
  contractReference: string | null;
  amountCents: bigint;
  status: 'paid' | 'unpaid';
  reasonCode: string | null;
};

export type ParsedResults = { lines: ResultLine[]; problems: Array<{ line: number; message: string }> };

/** Why the whole file cannot be read (no header, not CSV): the import refuses it and stores nothing. */
export class ResultFileError extends Error {}

/**
 * The bank's result file: a header row naming the columns (any order; item_id or contract_reference, amount_cents,
 * status paid|unpaid, reason_code for an unpaid line), then one row per collection. A line that cannot be read is a
 * problem of that line; the rest are read.
 */
export function parseResultFile(text: string): ParsedResults {
  let rows: string[][];
  try {
    rows = parse(text.replace(/^\uFEFF/, ''), {
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
    }) as string[][];
  } catch (error) {
    throw new ResultFileError(`The file is not CSV: ${(error as Error).message}`);
  }
  const header = rows[0]?.map((h) => h.toLowerCase());
  if (!header) throw new ResultFileError('The file is empty.');
  const at = (name: (typeof RESULT_FILE_COLUMNS)[number]) => header.indexOf(name);
  const missing = ['amount_cents', 'status'].filter((c) => !header.includes(c));
  if (missing.length > 0 || (at('item_id') < 0 && at('contract_reference') < 0)) {
    throw new ResultFileError(
      `The header row must name ${RESULT_FILE_COLUMNS.join(', ')} (item_id or contract_reference, at least one).`,
    );
  }
  const lines: ResultLine[] = [];
  const problems: ParsedResults['problems'] = [];
  rows.slice(1).forEach((cells, index) => {
    const line = index + 2;
    const cell = (name: (typeof RESULT_FILE_COLUMNS)[number]) => {
      const i = at(name);
      return i >= 0 ? (cells[i] ?? '').trim() : '';
    };
    const idText = cell('item_id');
    const reference = cell('contract_reference');
    const amountText = cell('amount_cents');
    const status = cell('status').toLowerCase();
    const code = cell('reason_code');
    const problem =
      idText && !/^\d{1,9}$/.test(idText)
        ? 'item_id is not a number'
        : !idText && !reference
          ? 'no item_id or contract_reference'
          : !/^\d{1,12}$/.test(amountText)
            ? 'amount_cents is not a whole number of cents'
            : status !== 'paid' && status !== 'unpaid'
              ? 'status is paid or unpaid'
              : status === 'unpaid' && !(code in UNPAID_REASONS)
                ? `reason_code ${code || '(none)'} is not a known unpaid reason`
                : null;
    if (problem) {
      problems.push({ line, message: problem });
      return;
    }
    lines.push({
      line,
      itemId: idText ? Number(idText) : null,
      contractReference: reference || null,
      amountCents: BigInt(amountText),
      status: status as 'paid' | 'unpaid',
      reasonCode: status === 'unpaid' ? code : null,
    });
  });
  return { lines, problems };
}

/** The result file's text for given lines (tests and the docs' example write it the way a bank would). */
export function resultFileText(
  lines: ReadonlyArray<{ itemId: number; reference: string; cents: string; status: string; code?: string }>,
) {
  return [
    RESULT_FILE_COLUMNS.join(','),
    ...lines.map((l) => [l.itemId, l.reference, l.cents, l.status, l.code ?? ''].join(',')),
  ].join('\r\n');
}
