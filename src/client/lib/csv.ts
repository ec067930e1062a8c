// CSV exports are built in the browser: one way to write the text, name the file and
// hand it over as a download.
import Papa from 'papaparse';
import { saveBlob } from './download';

/**
 * The CSV text with a header row, CRLF line ends and no trailing line break. Cells a spreadsheet would run
 * as a formula (=, +, -, @ …) are escaped.
 */
export function toCsvText<C extends string>(
  columns: readonly C[],
  rows: ReadonlyArray<Record<C, string | number | null | undefined>>,
): string {
  const text = Papa.unparse(
    { fields: [...columns], data: rows.map((row) => columns.map((c) => row[c] ?? '')) },
    { escapeFormulae: true, newline: '\r\n' },
  );
  // With no rows Papa Parse still ends the header with a line break; a file reads the same either way.
  return text.replace(/\r\n$/, '');
}

/** '{prefix}-2026-11-21.csv', from the local calendar date of the export. */
export function datedCsvFileName(prefix: string, now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${prefix}-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}

/** Hands the text to the browser as a file download. A BOM makes Excel read UTF-8 names correctly. */
export function downloadCsv(text: string, fileName: string): void {
  saveBlob(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }), fileName);
}
