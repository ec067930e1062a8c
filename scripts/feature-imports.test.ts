// No import cycle between features, on either side (docs/ARCHITECTURE.md, "Checks"), and the client's features never
// reach into the app shell or the pages. An import that closes a cycle fails here, naming its edges.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cyclicEdges, type FeatureGraph, featureGraph, relativeImports } from './feature-imports';

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

  it('the server: no cycle between features', () => {
    expect(cyclicEdges(featureGraph('src/server/features'))).toEqual([]);
  });

  it('every feature of both sides is read', () => {
    for (const root of ['src/server/features', 'src/client/features']) {
      expect(featureGraph(root).size).toBe(
        readdirSync(root, { withFileTypes: true }).filter((e) => e.isDirectory()).length,
      );
    }
  });
});
