// Reads a PDF's text back, page by page, with Mozilla's PDF.js (legacy build: runs in Node without a DOM).
// Lines are rebuilt from the text items' positions, and no-break spaces become spaces, so a test can look for
// 'R 9 000,00' or 'March 05, 2026' as a reader would see them.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

interface Item {
  str: string;
  transform: number[];
}

export async function pdfText(data: Buffer | Uint8Array): Promise<{ pages: string[]; text: string }> {
  const document = await getDocument({
    data: new Uint8Array(data),
    useSystemFonts: false,
    isEvalSupported: false,
    verbosity: 0,
  }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    const lines = new Map<number, Item[]>();
    for (const item of content.items as Item[]) {
      if (!('str' in item)) continue;
      const y = Math.round(item.transform[5] ?? 0);
      const line = lines.get(y) ?? [];
      line.push(item);
      lines.set(y, line);
    }
    const text = [...lines.entries()]
      .sort(([a], [b]) => b - a)
      .map(([, items]) =>
        items
          .sort((a, b) => (a.transform[4] ?? 0) - (b.transform[4] ?? 0))
          .map((i) => i.str)
          .join(' ')
          .replace(/[\u00a0\s]+/g, ' ')
          .trim(),
      )
      .filter(Boolean)
      .join('\n');
    pages.push(text);
  }
  await document.destroy();
  return { pages, text: pages.join('\n') };
}
