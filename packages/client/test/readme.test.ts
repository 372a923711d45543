// The README's ```ts blocks are real code: each one type-checks (strict) against the package's types.
import { mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { typeCheckAgainstClient } from '../../../test/support/typecheck.ts';

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
    // What the samples import besides the client (undici, OpenTelemetry), as a consumer would have installed it.
    symlinkSync(here('../../../node_modules'), join(dir, 'node_modules'));
    const files = blocks.map((code, i) => {
      const file = join(dir, `block-${i + 1}.ts`);
      writeFileSync(file, code);
      return file;
    });
    const diagnostics = typeCheckAgainstClient(files, (fileName) => fileName.replace(dir, 'README'));
    expect(diagnostics).toEqual([]);
  });
});
