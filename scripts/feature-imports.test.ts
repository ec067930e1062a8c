// No import cycle between features (docs/ARCHITECTURE.md, "Checks"). The client has none and
// must keep it so; its features never reach into the app shell or the pages. The server still has one knot of
// features importing each other, listed edge by edge below: an import that closes a new cycle fails here, and so does
// removing one without taking it off the list, so the list only shrinks (a loans feature owning the loan is to undo it).
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cyclicEdges, type FeatureGraph, featureGraph, relativeImports } from './feature-imports';

/** The server's cyclic imports today (feature -> feature). Shrink it; never add to it. */
const KNOWN_SERVER_CYCLE = [
  'app-settings -> users',
  'applications -> app-settings',
  'applications -> earnings',
  'applications -> lifecycle',
  'applications -> notices',
  'applications -> platforms',
  'applications -> servicing',
  'applications -> users',
  'auth -> mail',
  'auth -> users',
  'compliance -> applications',
  'compliance -> lifecycle',
  'earnings -> applications',
  'earnings -> lifecycle',
  'earnings -> servicing',
  'ledger -> app-settings',
  'ledger -> reports',
  'lifecycle -> app-settings',
  'lifecycle -> applications',
  'lifecycle -> compliance',
  'lifecycle -> ledger',
  'lifecycle -> notices',
  'lifecycle -> privacy',
  'lifecycle -> servicing',
  'lifecycle -> users',
  'mail -> lifecycle',
  'mail -> users',
  'notices -> compliance',
  'notices -> lifecycle',
  'notices -> mail',
  'notices -> users',
  'platforms -> auth',
  'platforms -> earnings',
  'platforms -> mail',
  'platforms -> users',
  'privacy -> users',
  'reports -> app-settings',
  'servicing -> applications',
  'servicing -> lifecycle',
  'servicing -> notices',
  'users -> auth',
  'users -> mail',
];

describe('imports between features', () => {
  it('finds the edges on a cycle, and only those', () => {
    const graph: FeatureGraph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a', 'd'])],
      ['d', new Set<string>()],
    ]);
    expect(cyclicEdges(graph)).toEqual(['a -> b', 'b -> c', 'c -> a']);
  });

  it('the client: no cycle between features', () => {
    expect(cyclicEdges(featureGraph('src/client/features'))).toEqual([]);
  });

  it('the client: features never import the app shell or the pages', () => {
    const client = path.resolve('src/client');
    const outward = relativeImports(path.join(client, 'features'))
      .filter(({ to }) => ['app', 'pages'].includes(path.relative(client, to).split(path.sep)[0]!))
      .map(({ from, to }) => `${path.relative(client, from)} -> ${path.relative(client, to)}`);
    expect(outward).toEqual([]);
  });

  it('the server: no cycle beyond the known one, which only shrinks', () => {
    const now = cyclicEdges(featureGraph('src/server/features'));
    const added = now.filter((edge) => !KNOWN_SERVER_CYCLE.includes(edge));
    const gone = KNOWN_SERVER_CYCLE.filter((edge) => !now.includes(edge));
    expect(added, 'an import closes a new cycle between features').toEqual([]);
    expect(gone, 'a cycle was undone: take these off KNOWN_SERVER_CYCLE').toEqual([]);
  });

  it('every feature of both sides is read', () => {
    for (const root of ['src/server/features', 'src/client/features']) {
      expect(featureGraph(root).size).toBe(
        readdirSync(root, { withFileTypes: true }).filter((e) => e.isDirectory()).length,
      );
    }
  });
});
