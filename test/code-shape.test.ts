// Shipped code reads in one screen: no function in a package's source is longer than MAX_LINES lines
// (the guide's "functions a reader follows in one screen"). Measured on the TypeScript syntax tree.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { root } from '../scripts/paths.ts';

const MAX_LINES = 60;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.ts$/.test(e.name) && !e.name.endsWith('.d.ts'))
    .map((e) => path.join(e.parentPath, e.name));
}

/** Functions (declarations, methods, arrows, function expressions) longer than MAX_LINES, as file:line name. */
function longFunctions(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const name = node.name?.getText(source) ?? '(anonymous)';
      if (end - start + 1 > MAX_LINES)
        found.push(`${path.relative(root, file)}:${start + 1} ${name} (${end - start + 1} lines)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

// @banking-api/model has no src/: it is built from model/ (pipeline/model-package.ts).
const packages = readdirSync(path.join(root, 'packages')).filter((p) =>
  existsSync(path.join(root, 'packages', p, 'src')),
);

describe('shipped code', () => {
  it.each(packages)(`@banking-api/%s has no function over ${MAX_LINES} lines`, (name) => {
    const files = sourceFiles(path.join(root, 'packages', name, 'src'));
    expect(files.flatMap(longFunctions)).toEqual([]);
  });
});
