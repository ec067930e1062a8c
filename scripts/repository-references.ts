// Comments and docs state a rule and its reason here, in the repository (docs/ARCHITECTURE.md, "Conventions"): a
// pointer to a document outside it (the first brief, the product's original specification) or to a tracker's
// number says nothing to the next reader, who cannot follow it. This lists the lines that still point out.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** What reads as a pointer outside the repository (case-insensitive), each with what it is. */
export const OUTSIDE_POINTERS: ReadonlyArray<{ pattern: RegExp; what: string }> = [
  { pattern: /\bissues? #?\d+\b/i, what: "a tracker's issue number" },
  {
    pattern: /\b(?:the |product )spec(?:ification)?\b|\bspec(?:'|’)s\b|\bspec sections? \d/i,
    what: 'the original specification',
  },
  {
    pattern: /\bshared\/(?:ARCHITECTURE|spec|designs)\b|product-spec/i,
    what: 'a document beside the repository',
  },
];

const SCANNED = [
  'src',
  'tests',
  'scripts',
  'docs',
  'bench',
  'drizzle',
  'README.md',
  'vite.config.ts',
  'vitest.config.ts',
  'playwright.config.ts',
  'knip.json',
  'biome.json',
  '.ci',
];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'meta']);
// This check and its test name the pointers they look for.
const SELF = new Set(['scripts/repository-references.ts', 'scripts/repository-references.test.ts']);
const TEXT = /\.(?:[cm]?[jt]sx?|md|sql|json|css|html)$|^run$/;

function* files(entry: string): Generator<string> {
  const full = path.join(root, entry);
  let stats: ReturnType<typeof statSync>;
  try {
    stats = statSync(full);
  } catch {
    return;
  }
  if (stats.isFile()) {
    if (TEXT.test(path.basename(entry)) && !SELF.has(entry)) yield entry;
    return;
  }
  for (const child of readdirSync(full).sort()) {
    if (!SKIPPED_DIRS.has(child)) yield* files(path.join(entry, child));
  }
}

/** Every line of the repository's own text that points outside it, as `file:line: what`. */
export function outsidePointers(entries: readonly string[] = SCANNED): string[] {
  const found: string[] = [];
  for (const entry of entries) {
    for (const file of files(entry)) {
      readFileSync(path.join(root, file), 'utf8')
        .split('\n')
        .forEach((line, index) => {
          for (const { pattern, what } of OUTSIDE_POINTERS) {
            if (pattern.test(line)) found.push(`${file}:${index + 1}: ${what}`);
          }
        });
    }
  }
  return found;
}
