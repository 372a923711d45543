// The README's ```ts blocks are real code: each one type-checks (strict) against the package's types.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const here = (rel: string) => fileURLToPath(new URL(rel, import.meta.url));
const readme = readFileSync(here('../README.md'), 'utf8');
const blocks = [...readme.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m) => m[1] ?? '');

describe('README', () => {
  it('has TypeScript examples for every section that shows code', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(8);
  });

  it('every ```ts block compiles in strict mode against the package', () => {
    const dir = mkdtempSync(join(tmpdir(), 'client-readme-'));
    writeFileSync(join(dir, 'package.json'), '{ "type": "module" }');
    const files = blocks.map((code, i) => {
      const file = join(dir, `block-${i + 1}.ts`);
      writeFileSync(file, code);
      return file;
    });
    const program = ts.createProgram(files, {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      strict: true,
      noUncheckedIndexedAccess: true,
      noEmit: true,
      skipLibCheck: true,
      types: ['node'],
      typeRoots: [here('../../../node_modules/@types')],
      baseUrl: dir,
      paths: { '@banking-api/client': [here('../src/index.ts')] },
    });
    const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => {
      const where = d.file
        ? `${d.file.fileName.replace(dir, 'README')}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}`
        : '';
      return `${where} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
    });
    expect(diagnostics).toEqual([]);
  });
});
