// The import graph between features (src/server/features/*, src/client/features/*): which feature imports which, and
// the imports that close a cycle. scripts/feature-imports.test.ts keeps the client free of cycles and the server from
// gaining new ones (docs/ARCHITECTURE.md, "Checks").
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** feature -> the features it imports (relative imports only; tests left out). */
export type FeatureGraph = Map<string, Set<string>>;

const SOURCE = /\.(ts|tsx)$/;
const TEST = /\.test\.tsx?$/;
const IMPORT = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const file = path.join(dir, entry);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return SOURCE.test(entry) && !TEST.test(entry) ? [file] : [];
  });
}

/** Every relative import of every source file under `dir`, resolved to an absolute path (without extension). */
export function relativeImports(dir: string): Array<{ from: string; to: string }> {
  return sourceFiles(dir).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(IMPORT)]
      .map((match) => match[1] ?? match[2] ?? '')
      .filter((spec) => spec.startsWith('.'))
      .map((spec) => ({ from: file, to: path.resolve(path.dirname(file), spec) })),
  );
}

export function featureGraph(root: string): FeatureGraph {
  const absolute = path.resolve(root);
  const features = readdirSync(absolute).filter((entry) =>
    statSync(path.join(absolute, entry)).isDirectory(),
  );
  const graph: FeatureGraph = new Map(features.map((feature) => [feature, new Set<string>()]));
  for (const feature of features) {
    for (const { to } of relativeImports(path.join(absolute, feature))) {
      const relative = path.relative(absolute, to);
      if (relative.startsWith('..')) continue;
      const target = relative.split(path.sep)[0]!;
      if (target !== feature && graph.has(target)) graph.get(feature)!.add(target);
    }
  }
  return graph;
}

/** The edges 'a -> b' that lie on a cycle (both ends in one strongly connected component), sorted. */
export function cyclicEdges(graph: FeatureGraph): string[] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const component = new Map<string, number>();
  let components = 0;
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.set(member, components);
      } while (member !== node);
      components++;
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  const edges: string[] = [];
  for (const [from, targets] of graph) {
    for (const to of targets) if (component.get(from) === component.get(to)) edges.push(`${from} -> ${to}`);
  }
  return edges.sort();
}
