// One table makes the admin route and the admin client (src/admin/table.ts); the route's OpenAPI document
// (admin-openapi.yaml, shipped) must say the same: every route of the table is an operation of the document
// with the same operationId, method and path, and every operation of the document is a route of the table.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { allPlaces, sessionCalls } from '../src/admin/table.ts';

const document = parse(readFileSync(new URL('../admin-openapi.yaml', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, { operationId?: string }>>;
};

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** Each operation of the document as `operationId METHOD path`. */
const documented = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method]) => METHODS.includes(method))
    .map(([method, op]) => `${op.operationId} ${method.toUpperCase()} ${path}`),
);

/** Each route of the table as the same, an optional segment giving two. */
const tabled = allPlaces().flatMap((place) => {
  const bare = `/__mock/${place.resource}`;
  const segment = `${bare}/{${place.resource === 'faults' ? 'operationId' : 'id'}}`;
  const paths =
    place.segment === 'none' ? [bare] : place.segment === 'required' ? [segment] : [segment, bare];
  return paths.map((path, i) => `${place.operationIds[i]} ${place.method} ${path}`);
});

describe('the admin table', () => {
  it('is the admin document: the same operations, by id, method and path', () => {
    expect(tabled.sort()).toEqual(documented.sort());
  });

  it('covers every call of the session interface', () => {
    const calls = sessionCalls().map((c) => c.at.join('.'));
    expect(calls.sort()).toEqual(
      [
        'faults.set',
        'faults.clear',
        'faults.list',
        'stubs.add',
        'stubs.remove',
        'stubs.clear',
        'stubs.list',
        'webhooks.set',
        'webhooks.remove',
        'webhooks.clear',
        'webhooks.list',
        'journal.entries',
        'journal.clear',
        'reset',
        'token',
      ].sort(),
    );
  });

  it('sends what it reads: each call’s arguments survive the wire', () => {
    for (const { route } of sessionCalls()) {
      const args = exampleArgs[route.operationIds[0] as string] ?? [];
      const wire = { segment: '', query: '', body: undefined, ...route.send(...args) };
      expect(route.read(wire), route.operationIds[0]).toEqual(args);
    }
  });
});

const exampleArgs: Record<string, unknown[]> = {
  setFault: ['sendPix', { status: 503 }],
  clearFault: ['sendPix'],
  addStub: [{ operationId: 'createCard', answer: { status: 422 } }],
  removeStub: ['s-1'],
  readJournal: [{ operationId: 'sendPix', status: '4xx', limit: 5 }],
  mintToken: [{ scopes: ['webhook.read'], ttlSeconds: 60 }],
  setWebhook: ['wh-1', { url: 'https://127.0.0.1:9443/hooks', types: ['PIX_RECEIVED'] }],
  removeWebhook: ['wh-1'],
};
