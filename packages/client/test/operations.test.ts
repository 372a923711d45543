// The client treats every operation as the contract's model says: an account-scoped one gets the default
// x-account-id (and is refused without one), a GET or idempotent-by-URL one is retried after a 503 and any
// other is not, and hooks name the model's operationId. Each operation of the model is called over mTLS.
import { contractModel, type Operation } from '@banking-api/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BankingClientOptions, createBankingClient } from '../src/index.js';
import { envelope, json, makePki, type Pki, startServer, type TestServer } from './harness.js';

const { operations } = contractModel();
const safe = (op: Operation) => op.method === 'GET' || op.idempotency !== undefined;

let pki: Pki;
let server: TestServer;

beforeAll(async () => {
  pki = makePki();
  server = await startServer(pki);
  server.handle((req, res) => json(res, 503, envelope(503, 'SERVICE_UNAVAILABLE', req.url)));
});
afterAll(() => server.close());

type Caller = (path: string, init: object) => Promise<{ response: Response }>;

function clientWith(options: Partial<BankingClientOptions>) {
  return createBankingClient({
    baseUrl: server.url,
    tls: { cert: pki.client.cert, key: pki.client.key, ca: pki.ca.cert },
    token: 'static-token',
    retry: { retries: 1, baseDelayMs: 1 },
    ...options,
  });
}

/** Calls `op` by its method and path template, with every path parameter the model lists filled in. */
function callOperation(client: ReturnType<typeof clientWith>, op: Operation) {
  const path = Object.fromEntries(
    op.parameters.filter((p) => p.in === 'path').map((p) => [p.name, `p-${p.name}`]),
  );
  const call = (client as unknown as Record<string, Caller>)[op.method];
  if (!call) throw new Error(`the client has no ${op.method} method`);
  return call(op.path, { params: { path }, ...(op.method !== 'GET' && { body: {} }) });
}

describe('operations as the contract model describes them', () => {
  it('the model has account-scoped, safe-to-retry and unsafe operations (the checks below are not empty)', () => {
    expect(operations.some((op) => op.accountHeader)).toBe(true);
    expect(operations.some((op) => op.idempotency !== undefined)).toBe(true);
    expect(operations.some((op) => !safe(op))).toBe(true);
  });

  it.each(operations.map((op) => [op.key, op] as const))(
    '%s: account header, retries and hook names follow the model',
    async (_key, op) => {
      const started: { operationId: string; path: string }[] = [];
      const client = clientWith({
        accountId: 'acc-default',
        hooks: { onAttemptStart: ({ operationId, path }) => started.push({ operationId, path }) },
      });
      const before = server.seen.length;
      const { response } = await callOperation(client, op);
      await client.close();

      expect(response.status).toBe(503);
      const seen = server.seen.slice(before);
      expect(seen).toHaveLength(safe(op) ? 2 : 1);
      for (const request of seen) {
        expect(request.method).toBe(op.method);
        expect(request.headers['x-account-id']).toBe(op.accountHeader ? 'acc-default' : undefined);
      }
      expect(started).toEqual(seen.map(() => ({ operationId: op.operationId, path: op.path })));
    },
  );

  it('without a default account id, refuses exactly the account-scoped operations before sending', async () => {
    const client = clientWith({ retry: false });
    for (const op of operations) {
      const before = server.seen.length;
      const outcome = await callOperation(client, op).then(
        () => 'sent',
        (error: unknown) => error,
      );
      if (op.accountHeader) {
        expect(outcome, op.key).toBeInstanceOf(TypeError);
        expect((outcome as TypeError).message).toContain(`${op.operationId} (${op.key}) is account-scoped`);
        expect(server.seen.length, op.key).toBe(before);
      } else {
        expect(outcome, op.key).toBe('sent');
        expect(server.seen.length, op.key).toBe(before + 1);
      }
    }
    await client.close();
  });

  it('a path the contract does not have is sent once, with no account header, named by method and path', async () => {
    const started: string[] = [];
    const client = clientWith({
      accountId: 'acc-default',
      hooks: { onAttemptStart: ({ operationId }) => started.push(operationId) },
    });
    const before = server.seen.length;
    const unknown = { method: 'PUT', path: '/not/in/the/contract', parameters: [] } as unknown as Operation;
    await callOperation(client, unknown);
    await client.close();
    const seen = server.seen.slice(before);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.headers['x-account-id']).toBeUndefined();
    expect(started).toEqual(['PUT /not/in/the/contract']);
  });
});
