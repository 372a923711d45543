// recordUsage: what the consumer's code sent and read, by name and count; never a value, never a key the
// contract does not declare; the wrapped client's answers otherwise untouched.
import { contractModel } from '@banking-api/contract';
import { describe, expect, it } from 'vitest';
import { recordUsage } from '../src/usage.js';

const CARDS = 'POST /hb/cards/create';
const secret = { alias: 'Maria Silva', password: '123456', typeCard: 'Virtual', extra: '123.456.789-09' };

/** A stand-in for a BankingClient: answers every POST with a card and a header, as a server would. */
function standIn() {
  const calls: unknown[] = [];
  const client = {
    async POST(path: string, init?: unknown) {
      calls.push([path, init]);
      const data = {
        card: { cardProxy: 'proxy-1', alias: 'Maria Silva', status: 'ACTIVE', typeCard: 'Virtual' },
        '123.456.789-09': 'x',
      };
      const response = new Response(JSON.stringify(data), {
        headers: { 'x-request-id': 'r-1', 'content-type': 'application/json' },
      });
      return { data, response };
    },
    use: () => 'middleware registered',
  };
  return { client, calls };
}

describe('recordUsage', () => {
  it('counts what the code sent and read, and nothing it did not read', async () => {
    const { client, calls } = standIn();
    const recorded = recordUsage(client);
    for (let i = 0; i < 2; i++) {
      const { data, response } = await recorded.client.POST('/hb/cards/create', {
        params: { header: { 'x-account-id': 'acc-9' } },
        body: secret,
      });
      expect(data.card.cardProxy).toBe('proxy-1'); // read twice in one call: counted once
      expect(data.card.cardProxy).toBe('proxy-1');
      expect(data['123.456.789-09']).toBe('x'); // not declared: read, but not recorded
      expect(response.headers.get('X-Request-Id')).toBe('r-1');
      expect(await response.json()).toMatchObject({ card: { status: 'ACTIVE' } });
    }
    expect(calls).toHaveLength(2);
    const usage = recorded.usage();
    expect(usage).toMatchObject({
      usageVersion: 2,
      recordedBy: 'client',
      contract: { version: contractModel().version },
    });
    expect(usage.operations[CARDS]).toEqual({
      calls: 2,
      parameters: { 'x-account-id': 2 },
      requestFields: { alias: 2, password: 2, typeCard: 2, '*': 2 },
      responseFields: { card: 2, 'card.cardProxy': 2 },
      responseHeaders: {},
    });
    const text = JSON.stringify(usage);
    for (const value of [...Object.values(secret), 'acc-9', 'proxy-1', 'r-1'])
      expect(text).not.toContain(value);
  });

  it('counts the declared response headers the code reads, in any case', async () => {
    const model = structuredClone(contractModel());
    const op = model.operations.find((o) => o.key === CARDS);
    for (const r of op?.responses ?? [])
      if (r.status.startsWith('2')) (r as unknown as { headers: string[] }).headers = ['X-Request-Id'];
    const recorded = recordUsage(standIn().client, model);
    const { response } = await recorded.client.POST('/hb/cards/create', { body: {} });
    expect(response.headers.has('x-request-id')).toBe(true);
    expect(response.headers.get('content-type')).toBe('application/json'); // not declared: not kept
    expect(recorded.usage().operations[CARDS]?.responseHeaders).toEqual({ 'x-request-id': 1 });
  });

  it('leaves other members and unknown paths alone', async () => {
    const { client } = standIn();
    const recorded = recordUsage(client);
    expect(recorded.client.use()).toBe('middleware registered');
    const result = await recorded.client.POST('/not/in/the/contract');
    expect(result.data.card.status).toBe('ACTIVE');
    expect(recorded.usage().operations).toEqual({});
    recorded.clear();
  });
});
