// The one router: every operation of the model is found from a concrete path, with its parameters decoded,
// whatever (non-slash) text fills them; other methods, unknown paths and broken escapes are told apart.

import { contractModel, createRouter, type Operation } from '@banking-api/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

const model = contractModel();
const route = createRouter(model);

const fill = (op: Operation, values: Record<string, string>) =>
  op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));

const paramNames = (op: Operation) => [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);

describe('createRouter', () => {
  it('finds every operation from a filled-in path, with its parameters decoded', () => {
    const ops = fc.constantFrom(...model.operations);
    fc.assert(
      fc.property(
        ops,
        fc.array(fc.string({ minLength: 1, unit: 'grapheme' }), { minLength: 3 }),
        (op, texts) => {
          const values = Object.fromEntries(paramNames(op).map((name, i) => [name, texts[i] as string]));
          const result = route(op.method, fill(op, values));
          expect(result).toEqual({ kind: 'match', match: { operation: op, params: values } });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('prefers a literal segment over a parameter, in whatever order the contract lists them', () => {
    const literal = { ...model.operations[0], key: 'GET /a/b', method: 'GET', path: '/a/b' } as Operation;
    const templated = { ...literal, key: 'GET /a/{x}', path: '/a/{x}' } as Operation;
    for (const operations of [
      [literal, templated],
      [templated, literal],
    ]) {
      const router = createRouter({ ...model, operations });
      const exact = router('GET', '/a/b');
      expect(exact.kind === 'match' && exact.match.operation.key).toBe('GET /a/b');
      const other = router('GET', '/a/c');
      expect(other.kind === 'match' && other.match.operation.key).toBe('GET /a/{x}');
    }
  });

  it('says which methods a known path allows', () => {
    const op = model.operations[0] as Operation;
    const other = ['GET', 'PUT', 'POST', 'DELETE', 'PATCH'].find(
      (m) => !model.operations.some((o) => o.path === op.path && o.method === m),
    );
    const anyValues = Object.fromEntries(paramNames(op).map((name) => [name, 'x']));
    const result = route(other ?? 'TRACE', fill(op, anyValues));
    expect(result.kind).toBe('method-not-allowed');
    if (result.kind === 'method-not-allowed') expect(result.allowed).toContain(op.method);
  });

  it('knows no path outside the contract', () => {
    expect(route('GET', '/nowhere')).toEqual({ kind: 'not-found' });
    expect(route('GET', '')).toEqual({ kind: 'not-found' });
  });

  it('refuses a malformed percent-escape in a parameter instead of throwing', () => {
    const op = model.operations.find((o) => o.path.includes('{'));
    expect(op).toBeDefined();
    const path = (op as Operation).path.replace(/\{\w+\}/g, '%E0%A4%A');
    expect(route((op as Operation).method, path).kind).toBe('bad-path');
  });

  it('answers as a test of every template would, for templates and paths of any shape', () => {
    const segment = fc.constantFrom('a', 'b', 'c', '{p}', '{q}.json', 'x{r}');
    const template = fc.array(segment, { minLength: 1, maxLength: 4 }).map((s) => {
      let n = 0; // parameter names unique within a template
      return `/${s.join('/')}`.replace(/\{(\w)\}/g, (_, name: string) => `{${name}${n++}}`);
    });
    const path = fc.array(fc.constantFrom('a', 'b', 'c', 'z', 'a.json', 'xa'), {
      minLength: 1,
      maxLength: 4,
    });
    const method = fc.constantFrom('GET', 'POST');
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(method, template), { maxLength: 12 }),
        method,
        path,
        (ops, m, segs) => {
          const operations = ops.map(
            ([verb, p]) =>
              ({ ...model.operations[0], key: `${verb} ${p}`, method: verb, path: p }) as Operation,
          );
          const target = `/${segs.join('/')}`;
          // The reference: every template's pattern tested, most literal text first (as createRouter orders).
          const literal = (p: string) => p.replace(/\{[^}]+\}/g, '').length;
          const matching = [...operations]
            .sort((x, y) => literal(y.path) - literal(x.path))
            .filter((op) =>
              new RegExp(`^${op.path.replace(/\./g, '\\.').replace(/\{[^}]+\}/g, '([^/]+)')}$`).test(target),
            );
          const result = createRouter({ ...model, operations })(m, target);
          if (!matching.length) expect(result.kind).toBe('not-found');
          else {
            const hit = matching.find((op) => op.method === m);
            if (hit) expect(result.kind === 'match' && result.match.operation).toBe(hit);
            else
              expect(result).toEqual({
                kind: 'method-not-allowed',
                allowed: [...new Set(matching.map((op) => op.method))],
              });
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
