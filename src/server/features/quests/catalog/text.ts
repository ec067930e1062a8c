// Builders for the catalog's plain-text step content (src/shared/quests.ts): blank lines separate
// paragraphs, and a block of lines starting with "- " is a bullet list.

/** Joins paragraphs and bullet blocks with one blank line between them. */
export function paragraphs(...blocks: string[]): string {
  return blocks.join('\n\n');
}

/** One bullet block: each item on its own line, starting with "- ". */
export function bullets(...items: string[]): string {
  return items.map((item) => `- ${item}`).join('\n');
}
