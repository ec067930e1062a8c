// A statement line's lasting identity (docs/bank-statements.md, "Nothing twice"): the bank's own id (OFX FITID) when
// the file gives one, else a hash of the line's day, amount and words with its ordinal among the identical lines of
// that day in the file. Two real identical payments on one day (the same creator paying twice) both count, while the
// same day exported again in another file gives the same keys. Unique per bank in the database.
import { createHash } from 'node:crypto';
import { giveWay, SLICE } from '../../lib/event-loop';
import type { ReadLine } from './statement-parsers';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The words as the key sees them: case and spacing as banks vary them between exports do not matter. */
export const normalisedWords = (description: string) => description.trim().replace(/\s+/g, ' ').toUpperCase();

export function contentKey(
  line: Pick<ReadLine, 'postedOn' | 'amount' | 'description'>,
  ordinal: number,
): string {
  return `h:${sha256(`${line.postedOn}|${line.amount!.toFixed(2)}|${normalisedWords(line.description)}|${ordinal}`)}`;
}

/** Each line's key, in file order; null for a line that could not be read (it is retried on the next load). */
export async function lineKeys(lines: ReadLine[]): Promise<Array<string | null>> {
  const seen = new Map<string, number>();
  const keys: Array<string | null> = [];
  for (const [index, line] of lines.entries()) {
    if (index % SLICE === SLICE - 1) await giveWay();
    if (line.problem || !line.postedOn || !line.amount) keys.push(null);
    else if (line.bankLineId) keys.push(`f:${sha256(line.bankLineId)}`);
    else {
      const content = `${line.postedOn}|${line.amount.toFixed(2)}|${normalisedWords(line.description)}`;
      const ordinal = seen.get(content) ?? 0;
      seen.set(content, ordinal + 1);
      keys.push(contentKey(line, ordinal));
    }
  }
  return keys;
}
