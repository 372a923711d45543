// The package ships alone: its source imports only its own files, Node's built-ins and the dependencies
// its package.json names; and every function in it reads in one screen.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const src = path.join(import.meta.dirname, '..', 'src');
const manifest = JSON.parse(readFileSync(path.join(src, '..', 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};
const files = readdirSync(src, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.ts'))
  .map((f) => path.join(src, f));
const parsed = files.map((file) =>
  ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true),
);

describe('packages/verify/src', () => {
  it('imports its own files, node: built-ins and its declared dependencies only', () => {
    expect(files.length).toBeGreaterThan(0);
    const allowed = Object.keys(manifest.dependencies);
    for (const source of parsed) {
      for (const statement of source.statements) {
        if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue;
        const specifier = (statement.moduleSpecifier as ts.StringLiteral | undefined)?.text;
        if (!specifier) continue;
        const where = `${path.relative(src, source.fileName)}: ${specifier}`;
        if (specifier.startsWith('.')) {
          const target = path.resolve(path.dirname(source.fileName), specifier);
          expect(target.startsWith(`${src}${path.sep}`), where).toBe(true);
        } else if (!specifier.startsWith('node:')) {
          expect(
            allowed.some((dep) => specifier === dep || specifier.startsWith(`${dep}/`)),
            where,
          ).toBe(true);
        }
      }
    }
  });

  it('has no function over 60 lines', () => {
    const long: string[] = [];
    const visit = (node: ts.Node, source: ts.SourceFile) => {
      if (ts.isFunctionLike(node) && 'body' in node && node.body) {
        const lines = (at: number) => source.getLineAndCharacterOfPosition(at).line;
        const length = lines(node.getEnd()) - lines(node.getStart(source)) + 1;
        if (length > 60)
          long.push(
            `${path.relative(src, source.fileName)}:${lines(node.getStart(source)) + 1} (${length} lines)`,
          );
      }
      ts.forEachChild(node, (child) => visit(child, source));
    };
    for (const source of parsed) visit(source, source);
    expect(long).toEqual([]);
  });
});
