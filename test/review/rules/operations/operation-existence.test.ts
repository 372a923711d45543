// rules/operations/existence.ts: operations, paths, webhooks and callbacks removed (breaking) or added.
import { expect, it } from 'vitest';
import { compare, edited, HOOK, operation, READ, SEND, shared, verdicts } from '../harness.ts';

const base = shared({ type: 'string' }, { webhook: true });

it('a path removed: `path-removed`; an operation of a path kept: `operation-removed`', () => {
  expect(
    verdicts(
      compare(
        base,
        edited(base, (d) => delete d.paths['/read']),
      ),
    ),
  ).toEqual({ [READ]: ['path-removed:breaking'] });
  const twoMethods = edited(base, (d) =>
    Object.assign(d.paths['/read'], {
      delete: { operationId: 'del', responses: { '204': { description: 'OK' } } },
    }),
  );
  expect(verdicts(compare(twoMethods, base))).toEqual({ 'DELETE /read': ['operation-removed:breaking'] });
});

it('a webhook removed: breaking, under the webhook alone', () => {
  const findings = compare(
    base,
    edited(base, (d) => delete d.webhooks),
  );
  expect(verdicts(findings)).toEqual({ [HOOK]: ['webhook-removed:breaking'] });
  expect(findings[0]?.oasdiff).toBe('webhook-removed');
});

it('an operation and a callback added: non-breaking, each under its own key', () => {
  const head = edited(base, (d) => {
    d.paths['/send'].post.callbacks = {
      done: { '{$request.body#/url}': { post: { responses: { '204': { description: 'OK' } } } } },
    };
    d.paths['/new'] = { get: { operationId: 'new', responses: { '204': { description: 'OK' } } } };
  });
  expect(verdicts(compare(base, head))).toEqual({
    'POST callback done {$request.body#/url} of POST /send': ['callback-added:non-breaking'],
    'GET /new': ['operation-added:non-breaking'],
  });
  expect(compare(base, head).every((f) => f.operation !== SEND)).toBe(true);
  expect(operation({})).toBeDefined();
});
