// The context an admin typed for an analysis, shortened for the list: the preview is cut at 30 characters. The full text goes in a title and in the expanded analysis.

export const CONTEXT_PREVIEW_LENGTH = 30;
export const ELLIPSIS = '…';

/**
 * The context on one line, cut after `length` characters with an ellipsis; null when there is none.
 * Characters are counted as the reader sees them (an emoji is one), so a cut never splits one in half.
 */
export function contextPreview(
  context: string | null | undefined,
  length: number = CONTEXT_PREVIEW_LENGTH,
): string | null {
  const oneLine = onOneLine(context);
  if (oneLine === '') return null;
  const characters = Array.from(oneLine);
  if (characters.length <= length) return oneLine;
  return `${characters.slice(0, length).join('').trimEnd()}${ELLIPSIS}`;
}

function onOneLine(context: string | null | undefined): string {
  return (context ?? '').replace(/\s+/g, ' ').trim();
}

/** True when the preview leaves part of the context out (so the full text is worth showing as well). */
export function isContextCut(
  context: string | null | undefined,
  length: number = CONTEXT_PREVIEW_LENGTH,
): boolean {
  return Array.from(onOneLine(context)).length > length;
}
