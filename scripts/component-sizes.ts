// The size of every React component in the client: a top-level function (or a const bound to one) whose name starts
// with a capital letter, in a .tsx file. scripts/component-sizes.test.ts keeps them at most COMPONENT_MAX_LINES long
// (docs/ARCHITECTURE.md, "Checks").
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const COMPONENT_MAX_LINES = 200;

function tsxFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const file = path.join(dir, entry);
    if (statSync(file).isDirectory()) return tsxFiles(file);
    return entry.endsWith('.tsx') && !entry.endsWith('.test.tsx') ? [file] : [];
  });
}

/** `file#Component` -> its length in lines, for every component under `dir` (paths relative to `dir`). */
export function componentSizes(dir: string): Map<string, number> {
  const sizes = new Map<string, number>();
  for (const file of tsxFiles(dir)) {
    const source = ts.createSourceFile(
      file,
      readFileSync(file, 'utf8'),
      ts.ScriptTarget.Latest,
      true,
      ts.ScriptKind.TSX,
    );
    const lines = (node: ts.Node) =>
      source.getLineAndCharacterOfPosition(node.getEnd()).line -
      source.getLineAndCharacterOfPosition(node.getStart(source)).line +
      1;
    const name = (id: string) => `${path.relative(dir, file)}#${id}`;
    for (const statement of source.statements) {
      if (ts.isFunctionDeclaration(statement) && statement.name && /^[A-Z]/.test(statement.name.text)) {
        sizes.set(name(statement.name.text), lines(statement));
      } else if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations) {
          if (!ts.isIdentifier(declaration.name) || !/^[A-Z]/.test(declaration.name.text)) continue;
          const init = declaration.initializer;
          if (!init) continue;
          // `const X = (...) => ...`, `forwardRef(...)`, `memo(...)`: the function is the value or its argument.
          const isFunction = (n: ts.Node) => ts.isArrowFunction(n) || ts.isFunctionExpression(n);
          if (isFunction(init) || (ts.isCallExpression(init) && init.arguments.some(isFunction))) {
            sizes.set(name(declaration.name.text), lines(statement));
          }
        }
      }
    }
  }
  return sizes;
}
