// The advisor's answers are plain text: lines, "- " bullets, sometimes numbered steps, and (from a model)
// the odd **bold** or "### heading". They are turned into blocks React renders as elements, so nothing in
// an answer is ever parsed as HTML.

export type TextBlock =
  | { type: 'paragraph'; text: string }
  | { type: 'heading'; text: string }
  | { type: 'list'; ordered: boolean; items: string[] };

interface InlineSegment {
  text: string;
  bold: boolean;
}

const BULLET = /^[-*•]\s+(.*)$/;
const NUMBERED = /^\d{1,3}[.)]\s+(.*)$/;
const HEADING = /^#{1,6}\s+(.*)$/;

/**
 * Splits an answer into paragraphs, headings and lists. Every non-empty line that is not a list item is a
 * paragraph of its own (the Basic Mode answers put one thought per line); consecutive items of the same kind
 * form one list, and a blank line ends a list.
 */
export function toBlocks(text: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  let list: Extract<TextBlock, { type: 'list' }> | null = null;

  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    if (line === '') {
      list = null;
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    const item = bullet?.[1] ?? numbered?.[1];
    if (item !== undefined && item.trim() !== '') {
      const ordered = numbered !== null;
      if (!list || list.ordered !== ordered) {
        list = { type: 'list', ordered, items: [] };
        blocks.push(list);
      }
      list.items.push(item.trim());
      continue;
    }
    list = null;
    const heading = HEADING.exec(line);
    if (heading?.[1]) blocks.push({ type: 'heading', text: heading[1].trim() });
    else blocks.push({ type: 'paragraph', text: line });
  }
  return blocks;
}

/** Splits "a **b** c" into plain and bold runs; an unpaired ** stays as text. */
export function inlineSegments(text: string): InlineSegment[] {
  const segments: InlineSegment[] = [];
  const pattern = /\*\*(.+?)\*\*/g;
  let last = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    if (match.index > last) segments.push({ text: text.slice(last, match.index), bold: false });
    segments.push({ text: match[1]!, bold: true });
    last = match.index + match[0].length;
  }
  if (last < text.length) segments.push({ text: text.slice(last), bold: false });
  return segments;
}
