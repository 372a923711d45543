// The guides' lists of operations come from the model (pipeline/docs/guide-tables.ts): every marker names a
// known list, a list follows the model, and no guide keeps a hand-written table of operations.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type ContractModel, contractModel, type Operation } from '@banking-api/contract';
import { describe, expect, it } from 'vitest';
import { expandGuideTables, GUIDE_TABLES } from '../../pipeline/docs/guide-tables.ts';
import { root } from '../../scripts/paths.ts';

const docsDir = path.join(root, 'docs');
const guides = readdirSync(docsDir)
  .filter((f) => f.endsWith('.md'))
  .map((file) => ({ file, title: file, body: readFileSync(path.join(docsDir, file), 'utf8') }));
const model = contractModel();
const route = (op: Operation) => `${op.method} ${op.path}`;

/** The model with one more operation, a copy of `like` under another path. */
function withOperation(like: Operation, changes: Partial<Operation>): ContractModel {
  const added = {
    ...like,
    key: 'PUT /hb/extra/{id}',
    path: '/hb/extra/{id}',
    operationId: 'extra',
    ...changes,
  };
  return { ...model, operations: [...model.operations, added] };
}

describe('guide lists made from the model', () => {
  it('every marker in docs/ names a known list, and every list is used', () => {
    const used = new Set<string>();
    for (const guide of guides) {
      expect(() => expandGuideTables(guide, model), guide.file).not.toThrow();
      for (const match of guide.body.matchAll(/<!-- model: ([a-z-]+)/g)) used.add(match[1] ?? '');
    }
    expect([...used].sort()).toEqual(Object.keys(GUIDE_TABLES).sort());
  });

  it('lists exactly the account-scoped, idempotent and scoped operations of the model', () => {
    const render = (name: string) => GUIDE_TABLES[name]?.(model, '') ?? '';
    for (const op of model.operations) {
      expect(render('account-header-operations').includes(`\`${route(op)}\``), op.key).toBe(op.accountHeader);
      expect(render('idempotent-operations').includes(`\`${route(op)}\``), op.key).toBe(!!op.idempotency);
    }
    expect(render('scoped-operations')).toContain('`webhook.read`');
  });

  it('follows an added operation into every list it belongs to', () => {
    const like = model.operations.find((op) => op.accountHeader && op.idempotency) as Operation;
    const grown = withOperation(like, {});
    for (const name of ['account-header-operations', 'idempotent-operations'])
      expect(GUIDE_TABLES[name]?.(grown, ''), name).toContain('`PUT /hb/extra/{id}`');
  });

  it('fails the build on an unknown list, naming the guide and line', () => {
    const guide = { file: 'docs/x.md', title: 'X', body: 'text\n<!-- model: no-such-list -->' };
    expect(() => expandGuideTables(guide, model)).toThrow(/docs\/x.md:4 unknown model list "no-such-list"/);
  });

  it('no guide keeps a hand-written table of operations (rows naming two or more of them)', () => {
    // One row naming an operation as an example is fine; a table whose rows list operations is not.
    for (const guide of guides)
      for (const rows of tablesOf(guide.body)) {
        const named = rows.filter((row) => model.operations.some((op) => row.includes(route(op))));
        expect(named.length > 1 ? named : [], guide.file).toEqual([]);
      }
  });
});

/** The Markdown tables of a text: each run of lines that start with `|`. */
function tablesOf(text: string): string[][] {
  const tables: string[][] = [[]];
  for (const line of text.split('\n')) {
    if (line.startsWith('|')) tables.at(-1)?.push(line);
    else if (tables.at(-1)?.length) tables.push([]);
  }
  return tables.filter((rows) => rows.length);
}
