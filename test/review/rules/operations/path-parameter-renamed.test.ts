// rules/operations/path-parameter-renamed.ts: the same endpoint under new parameter names: one breaking
// finding under the new key, no parameter removed or added.
import { expect, it } from 'vitest';
import { compare } from '../harness.ts';

const doc = (name: string) => ({
  openapi: '3.1.0',
  info: { title: 't', version: '1' },
  paths: {
    [`/a/{${name}}`]: {
      get: {
        operationId: 'a',
        parameters: [{ name, in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '204': { description: 'OK' } },
      },
    },
  },
});

it('names the rename once, under the new key', () => {
  const findings = compare(doc('id'), doc('aId'));
  expect(findings.map((f) => [f.operation, f.rule, f.level])).toEqual([
    ['GET /a/{aId}', 'path-parameter-renamed', 'breaking'],
  ]);
  expect(findings[0]?.message).toContain('`id` → `aId`');
});
