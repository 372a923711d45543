// The success-status rule (tools/review/rules/responses/success-status.ts) is rated by what the change does
// to the generated client: here the generated client itself. For each case, both sides' types are rendered
// with the build's openapi-typescript step and a caller that reads `data.id` is compiled against each with
// openapi-fetch (strict); the review says breaking exactly where the head's types stop that caller compiling.
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderTypes } from '../../pipeline/api-types.ts';
import { root } from '../../scripts/paths.ts';
import { compare, operation } from './rules/harness.ts';

const json = (schema: unknown) => ({ description: 'x', content: { 'application/json': { schema } } });
const card = { type: 'object', required: ['id'], properties: { id: { type: 'string' } } };
const base = operation({ responses: { '200': json(card) } });
const CASES: [string, string, unknown][] = [
  ['201 with the same body', '201', json(structuredClone(card))],
  ['201 with another body', '201', json({ type: 'object', properties: { ticket: { type: 'string' } } })],
  ['204 without a body', '204', { description: 'none' }],
  [
    '202 with the same body through an allOf',
    '202',
    json({
      allOf: [
        { type: 'object', required: ['id'], properties: { id: { type: 'string' } } },
        { description: 'Accepted' },
      ],
    }),
  ],
  ['226, outside the statuses data is typed from', '226', json({ type: 'string' })],
];

const CALLER = `import createClient from 'openapi-fetch';
import type { paths } from './api.js';
const client = createClient<paths>({ baseUrl: 'https://api.example' });
const { data, error } = await client.POST('/send');
if (!error) console.log(data.id.toUpperCase());
export {};
`;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'success-types-'));
  await symlink(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Whether the caller compiles against the types of `doc`. */
async function compiles(doc: Record<string, unknown>, name: string): Promise<boolean> {
  const folder = path.join(dir, name.replace(/\W+/g, '-'));
  await writeFile(path.join(dir, 'package.json'), '{ "type": "module" }');
  await import('node:fs/promises').then((fs) => fs.mkdir(folder, { recursive: true }));
  await writeFile(path.join(folder, 'api.d.ts'), await renderTypes(doc));
  await writeFile(path.join(folder, 'caller.ts'), CALLER);
  const program = ts.createProgram([path.join(folder, 'caller.ts')], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
  });
  return ts.getPreEmitDiagnostics(program).length === 0;
}

describe('a success status added, rated by the generated client', () => {
  it('the caller compiles against the base', async () => {
    expect(await compiles(base, 'base')).toBe(true);
  });

  it.each(CASES)(
    '%s: breaking exactly when the caller stops compiling',
    async (name, status, response) => {
      const head = operation({ responses: { '200': json(card), [status]: response } });
      const findings = compare(base, head).filter((f) => f.rule === 'response-success-status-added');
      expect(findings).toHaveLength(1);
      expect(findings[0]?.level === 'breaking').toBe(!(await compiles(head, name)));
    },
    60_000,
  );
});
