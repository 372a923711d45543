// A mock started on another contract (a copy of the spec with one operation's scope changed) routes and
// checks scopes by that contract's model, given with `{ specPath, model }`: not by the shipped one.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bearerScopes, contractModel, type Operation } from '@banking-api/contract';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { loadContract } from '../../model/load.ts';
import { operationObjects } from '../../model/references.ts';
import { specPath as sourcePath } from '../../scripts/paths.ts';
import { bankingClient, callOperation } from '../support/clients.ts';
import { startTestMock, type TestMock } from '../support/mock-server.ts';
import { validRequest } from '../support/requests.ts';

const changedScope = 'webhook.admin';
let work: string;
let mock: TestMock;
let changed: Operation;

/** An operation of the shipped contract that asks a Bearer scope: the one the copy changes. */
function scopedOperation(): Operation {
  const op = contractModel().operations.find((o) => bearerScopes(o).some((set) => set.length > 0));
  if (!op) throw new Error('no operation of the contract asks a Bearer scope');
  return op;
}

/** A copy of the source spec's bundle where `op` asks `scope` instead of its own (same schemes otherwise). */
async function copyWithScope(op: Operation, scope: string): Promise<string> {
  const { bundle, operationPointers } = await loadContract(sourcePath);
  const doc = structuredClone(bundle);
  const target = operationObjects(doc, operationPointers).get(op.key) as Record<string, unknown>;
  target.security = op.security.map((alternative) =>
    Object.fromEntries(alternative.map((r) => [r.scheme, r.type === 'http' ? [scope] : r.scopes])),
  );
  const file = join(work, 'openapi.json');
  await writeFile(file, JSON.stringify(doc));
  return file;
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'banking-custom-contract-'));
  changed = scopedOperation();
  const { bundle, model } = await loadContract(await copyWithScope(changed, changedScope));
  const specPath = join(work, 'bundle.json');
  await writeFile(specPath, JSON.stringify(bundle));
  mock = await startTestMock({ specPath, model });
});
afterAll(async () => {
  await mock?.stop();
  await rm(work, { recursive: true, force: true });
});

/** Calls the changed operation with a token carrying exactly `scopes`. */
async function callWithScopes(scopes: readonly string[]) {
  const client = bankingClient(mock, await mock.token('sandbox', { scopes: [...scopes] }));
  try {
    const { params, body } = validRequest(changed);
    return await callOperation(client, changed, { params, body });
  } finally {
    await client.close();
  }
}

test("the gateway asks the given model's scope, not the shipped contract's", async () => {
  expect(mock.model.operations.find((o) => o.key === changed.key)?.security).not.toEqual(changed.security);
  const refused = await callWithScopes(bearerScopes(changed)[0] ?? []);
  expect(refused.response.status).toBe(403);
  expect(refused.error?.message).toContain(changedScope);
  const allowed = await callWithScopes([changedScope]);
  expect(allowed.response.status, JSON.stringify(allowed.error)).toBeLessThan(300);
});

test('a spec of its own that cannot be read, or holds no operation, fails the start, not a later request', async () => {
  const broken = join(work, 'broken.json');
  await writeFile(broken, '{"openapi": "3.1.0", "paths": {');
  await expect(startTestMock({ specPath: broken, model: mock.model })).rejects.toThrow(SyntaxError);
  const empty = join(work, 'empty.json');
  await writeFile(empty, JSON.stringify({ openapi: '3.1.0', info: { title: 't', version: '1' }, paths: {} }));
  await expect(startTestMock({ specPath: empty, model: mock.model })).rejects.toThrow(/No operations found/);
});
