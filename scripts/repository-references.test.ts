// The repository's comments and docs point at nothing outside it (scripts/repository-references.ts).
import { describe, expect, it } from 'vitest';
import { OUTSIDE_POINTERS, outsidePointers } from './repository-references';

const pointsOut = (line: string) => OUTSIDE_POINTERS.some(({ pattern }) => pattern.test(line));

describe('pointers outside the repository', () => {
  it('recognises a tracker number and the original documents, not their look-alikes', () => {
    expect(pointsOut('// Regressions for issue 31, item 2')).toBe(true);
    expect(pointsOut('// Routes of spec section 2.')).toBe(true);
    expect(pointsOut("// The spec's flat 8 % rule")).toBe(true);
    expect(pointsOut('The rules are fixed in `shared/ARCHITECTURE.md`')).toBe(true);
    expect(pointsOut("import { x } from '../../shared/constants';")).toBe(false);
    expect(pointsOut('// tests/e2e/landing.spec.ts checks the calculator')).toBe(false);
    expect(pointsOut("'Purpose specification: collect for a stated purpose.'")).toBe(false);
  });

  it('finds none in the code, the tests, the scripts, the docs and the benchmarks', () => {
    expect(outsidePointers()).toEqual([]);
  });
});
