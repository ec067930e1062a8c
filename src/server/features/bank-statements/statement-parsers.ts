// Reading a statement file into lines (docs/bank-statements.md, "Reading a file"): OFX (1.x SGML and 2.x XML) from
// any bank, or CSV in the chosen bank's layout (bank-layouts.ts, parsed by csv-parse). There is no maintained OFX
// library on npm, so the OFX reader is our own and small: it reads only the transaction list. A file that is not a
// statement at all, or a CSV whose header does not fit the bank's layout, is refused whole (400); a line that cannot
// be read is kept as a failed line with its reason, so the rest of the file still counts.
import { parse as parseStream } from 'csv-parse';
import type Decimal from 'decimal.js';
import { BANK_NAMES, type Bank } from '../../../shared/bank-statements/constants';
import type { IsoDate } from '../../../shared/business-date';
import { badRequest } from '../../lib/errors';
import { giveWay, SLICE } from '../../lib/event-loop';
import { CSV_LAYOUTS, type CsvLayout, requiredColumns } from './bank-layouts';
import { parseBankAmount, parseBankDay, parseOfxDay } from './statement-text';

export interface ReadLine {
  /** 1 for the file's first transaction. */
  position: number;
  postedOn: IsoDate | null;
  /** Signed: money in positive. */
  amount: Decimal | null;
  description: string;
  /** The bank's own id for the line (OFX FITID). */
  bankLineId: string | null;
  /** Why the line could not be read; null when it was. */
  problem: string | null;
}

export interface ReadStatement {
  format: 'ofx' | 'csv';
  lines: ReadLine[];
}

const fileError = (message: string) => badRequest(message, { file: [message] });

/** The file's text: UTF-8 (a byte-order mark dropped), or Windows-1252 when it is not valid UTF-8 (older exports). */
function textOf(data: Buffer): string {
  const utf8 = new TextDecoder('utf-8', { fatal: false }).decode(data);
  const text = utf8.includes('\ufffd') ? new TextDecoder('windows-1252').decode(data) : utf8;
  return text.replace(/^\ufeff/, '');
}

export function looksLikeOfx(text: string): boolean {
  return /^\s*(OFXHEADER\s*:|<\?xml[^>]*>\s*(<\?OFX[^>]*>\s*)?<OFX>|<OFX>)/i.test(text);
}

export async function readStatement(bank: Bank, data: Buffer): Promise<ReadStatement> {
  if (data.length === 0) throw fileError('The file is empty');
  const text = textOf(data);
  if (text.includes('\u0000')) throw fileError('This is not a statement: the file is not text (OFX or CSV)');
  if (looksLikeOfx(text)) return { format: 'ofx', lines: await readOfx(text) };
  return { format: 'csv', lines: await readCsv(bank, text) };
}

// ---------------------------------------------------------------------------------------------------------
// OFX

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X'))
      return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * The <STMTTRN> aggregates of an OFX file. Both versions close aggregates; 1.x (SGML) leaves leaf elements open
 * ('<TRNAMT>-50.00' up to the next tag), 2.x closes them: reading each leaf as the text up to the next '<' fits both.
 */
export async function readOfx(text: string): Promise<ReadLine[]> {
  if (!/<BANKTRANLIST>/i.test(text) && !/<STMTTRN>/i.test(text)) {
    throw fileError(
      'This OFX file has no transaction list (<BANKTRANLIST>): download the statement with its transactions',
    );
  }
  const blocks = [...text.matchAll(/<STMTTRN>([\s\S]*?)<\/STMTTRN>/gi)].map((m) => m[1]!);
  if (blocks.length === 0 && /<STMTTRN>/i.test(text)) {
    throw fileError('This OFX file is cut short: a transaction (<STMTTRN>) is never closed');
  }
  const lines: ReadLine[] = [];
  for (const [index, block] of blocks.entries()) {
    if (index % SLICE === SLICE - 1) await giveWay();
    const fields = new Map<string, string>();
    for (const [, tag, value] of block.matchAll(/<([A-Z0-9.]+)>([^<]*)/gi)) {
      const key = tag!.toUpperCase();
      if (!fields.has(key)) fields.set(key, decodeEntities(value!.trim()));
    }
    const rawDay = fields.get('DTPOSTED') ?? '';
    const rawAmount = fields.get('TRNAMT') ?? '';
    const postedOn = parseOfxDay(rawDay);
    const amount = parseBankAmount(rawAmount);
    const description = [fields.get('NAME'), fields.get('MEMO'), fields.get('REFNUM')]
      .filter((part): part is string => Boolean(part))
      .filter((part, i, all) => all.indexOf(part) === i)
      .join(' ');
    const problem = !postedOn
      ? `The day "${rawDay}" (DTPOSTED) is not a date`
      : !amount
        ? `The amount "${rawAmount}" (TRNAMT) is not an amount`
        : null;
    lines.push({
      position: index + 1,
      postedOn,
      amount,
      description,
      bankLineId: fields.get('FITID') || null,
      problem,
    });
  }
  return lines;
}

// ---------------------------------------------------------------------------------------------------------
// CSV

const norm = (cell: string) =>
  cell
    .trim()
    .replace(/^'+|'+$/g, '')
    .replace(/\s+/g, ' ')
    .toLowerCase();

/** The CSV reader's options: bank exports quote loosely, and their lines about the account are shorter than the rest. */
const CSV_OPTIONS = {
  relax_column_count: true,
  relax_quotes: true,
  skip_empty_lines: true,
  trim: true,
  bom: true,
} as const;

/** Where a bank's header row may be, at most: banks put a few lines about the account above it. */
const HEADER_WITHIN_LINES = 50;

/** Characters of a statement handed to the CSV reader between two turns of the event loop (some 2 ms of reading). */
const CSV_SLICE = 64 * 1024;

/**
 * The CSV's records, read a slice of the text at a time so that requests are answered between slices (a 10 000-line
 * statement takes the reader some 50 ms); a file the reader refuses is refused whole, naming why.
 */
async function parseCsv<T>(text: string, options: Record<string, unknown>): Promise<T[]> {
  const records: T[] = [];
  const reader = parseStream({ ...CSV_OPTIONS, ...options });
  const finished = new Promise<void>((resolve, reject) => {
    reader.on('end', resolve);
    reader.on('error', reject);
  });
  reader.on('data', (record: T) => records.push(record));
  try {
    for (let at = 0; at < text.length; at += CSV_SLICE) {
      reader.write(text.slice(at, at + CSV_SLICE));
      await giveWay();
    }
    reader.end();
    await finished;
  } catch (error) {
    throw fileError(`The file could not be read as CSV: ${(error as Error).message}`);
  }
  return records;
}

async function readCsv(bank: Bank, text: string): Promise<ReadLine[]> {
  const layout = CSV_LAYOUTS[bank];
  // The first lines, each with the line it starts on, to find the header in.
  const top = await parseCsv<{ record: string[]; info: { lines: number; bytes: number } }>(
    text.slice(0, 4 * CSV_SLICE),
    {
      to_line: HEADER_WITHIN_LINES,
      info: true,
    },
  );
  const required = requiredColumns(layout);
  // The header is the first row naming every column the layout needs; where none does, the row naming most of them
  // shows which column is missing.
  let headerAt = -1;
  let best = { at: -1, found: 0 };
  top.forEach(({ record }, at) => {
    if (headerAt >= 0) return;
    const cells = record.map(norm);
    const found = required.filter((c) => cells.includes(c.toLowerCase())).length;
    if (found === required.length) headerAt = at;
    else if (found > best.found) best = { at, found };
  });
  if (headerAt < 0) {
    const name = BANK_NAMES[bank];
    if (best.at < 0) {
      throw fileError(
        `This is not a ${name} statement in CSV (or OFX): no header row names the columns ${required.map((c) => `"${c}"`).join(', ')}`,
      );
    }
    const cells = top[best.at]!.record.map(norm);
    const missing = required.find((c) => !cells.includes(c.toLowerCase()))!;
    throw fileError(
      `This does not fit the ${name} CSV layout: its header has no "${missing}" column (expected ${required.map((c) => `"${c}"`).join(', ')})`,
    );
  }
  // Read again from the header's line: the rows are then as wide as the header, and the reader no longer notes each
  // one as of another width than the account lines above it (which cost more than reading the file).
  const headerLine = headerAt === 0 ? 1 : top[headerAt - 1]!.info.lines + 1;
  const rows = await parseCsv<string[]>(text, { from_line: headerLine });
  headerAt = rows.findIndex((row) => row.some((cell) => cell.trim()));
  const header = rows[headerAt]!.map(norm);
  const at = (name: string | undefined) => (name ? header.indexOf(name.toLowerCase()) : -1);
  const lines: ReadLine[] = [];
  for (const [index, row] of rows.slice(headerAt + 1).entries()) {
    if (index % SLICE === SLICE - 1) await giveWay();
    // Footers ('Closing balance', totals) have no day in the day column and no amount: not transactions.
    if (row.every((cell) => !cell.trim())) continue;
    const dayText = row[at(layout.date)] ?? '';
    const amountText = amountTextOf(layout, row, at);
    const postedOn = parseBankDay(dayText);
    if (!postedOn && !amountText.text.trim()) continue;
    const amount = amountText.amount;
    const description = layout.words
      .map((w) => (at(w) >= 0 ? (row[at(w)] ?? '').trim() : ''))
      .filter(Boolean)
      .join(' ');
    const problem = !postedOn
      ? `The day "${dayText}" is not a date`
      : !amount
        ? `The amount "${amountText.text}" is not an amount`
        : null;
    lines.push({ position: lines.length + 1, postedOn, amount, description, bankLineId: null, problem });
  }
  return lines;
}

function amountTextOf(layout: CsvLayout, row: string[], at: (name: string | undefined) => number) {
  if (layout.amount) {
    const text = row[at(layout.amount)] ?? '';
    return { text, amount: parseBankAmount(text) };
  }
  const moneyIn = (row[at(layout.moneyIn)] ?? '').trim();
  const moneyOut = (row[at(layout.moneyOut)] ?? '').trim();
  const text = [moneyIn, moneyOut].filter(Boolean).join(' / ');
  const inAmount = moneyIn ? parseBankAmount(moneyIn) : null;
  const outAmount = moneyOut ? parseBankAmount(moneyOut) : null;
  // One of the two, never both: a line with money in and out at once is not one we can book.
  if (moneyIn && !moneyOut) return { text, amount: inAmount?.abs() ?? null };
  if (moneyOut && !moneyIn) return { text, amount: outAmount?.abs().negated() ?? null };
  if (inAmount?.isZero() && outAmount) return { text, amount: outAmount.abs().negated() };
  if (outAmount?.isZero() && inAmount) return { text, amount: inAmount.abs() };
  return { text, amount: null };
}
