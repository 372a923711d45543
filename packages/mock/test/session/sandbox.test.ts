// The stateful sandbox's stores (src/session/sandbox.ts): first answers by idempotency key and webhook logs
// by environment, each bounded, the oldest out first; what features/sandbox.ts keeps and reads.
import { describe, expect, it } from 'vitest';
import type { WebhookLog } from '../../src/api/webhook-log.ts';
import { Sandbox } from '../../src/session/sandbox.ts';

const answer = (body: string) => ({ status: 201, headers: { 'content-type': 'application/json' }, body });
const log = (id: string, webhookId = 'wh-1', notificationId = `n-${id}`): WebhookLog => ({
  id,
  webhookId,
  notificationId,
  event: 'test',
  status: 'PENDING',
  payload: {},
  createdAt: '2026-11-26T10:00:00.000Z',
  attempts: [],
});

describe('the sandbox stores', () => {
  it('remember a first answer by its key, forget it on request, and hold no more keys than the limit', () => {
    const sandbox = new Sandbox({ maxRemembered: 2 });
    sandbox.remember('a', { bodyHash: 'h' });
    expect(sandbox.remembered('a')).toEqual({ bodyHash: 'h' });
    sandbox.remember('a', { bodyHash: 'h', answer: answer('{"a":1}') });
    expect(sandbox.remembered('a')?.answer?.body).toBe('{"a":1}');
    sandbox.forget('a');
    expect(sandbox.remembered('a')).toBeUndefined();
    for (const key of ['k1', 'k2', 'k3']) sandbox.remember(key, { bodyHash: key });
    expect(['k1', 'k2', 'k3'].map((k) => sandbox.remembered(k)?.bodyHash)).toEqual([undefined, 'k2', 'k3']);
  });

  it('count the bytes of what they keep: a store over its budget lets the oldest go', () => {
    const sandbox = new Sandbox({ maxBytes: 1_000 });
    for (const key of ['k1', 'k2']) sandbox.remember(key, { bodyHash: key, answer: answer('x'.repeat(400)) });
    sandbox.remember('k3', { bodyHash: 'k3', answer: answer('x'.repeat(400)) });
    expect(sandbox.remembered('k1')).toBeUndefined();
    expect(sandbox.usage().remembered.bytes).toBeLessThanOrEqual(1_000);
  });

  it("keep webhook logs per environment and webhook, the oldest out first, a log's first and latest attempts", () => {
    const sandbox = new Sandbox({ maxWebhookLogs: 2, maxAttempts: 3 });
    const body = Buffer.from('{}');
    sandbox.addWebhookLog('sandbox', log('l-1'), body);
    sandbox.addWebhookLog('production', log('l-2'), body);
    expect(sandbox.webhookLogs('sandbox', 'wh-1').map((l) => l.id)).toEqual(['l-1']);
    expect(sandbox.findWebhookLog('production', 'l-1')).toBeUndefined(); // another environment's
    sandbox.addWebhookLog('sandbox', log('l-3'), body);
    expect(sandbox.webhookLogs('sandbox', 'wh-1').map((l) => l.id)).toEqual(['l-3']);
    const kept = sandbox.findWebhookLog('sandbox', 'l-3') as WebhookLog;
    for (const n of [1, 2, 3, 4, 5])
      sandbox.addAttempt(kept, { kind: 'retry', at: String(n), status: 'DELIVERED' });
    expect(kept.attempts.map((a) => a.at)).toEqual(['1', '4', '5']);
    sandbox.reset();
    expect(sandbox.webhookLogs('sandbox', 'wh-1')).toEqual([]);
  });

  it('keep the bytes a log delivers, and the latest log of each notification until it makes room', () => {
    const sandbox = new Sandbox({ maxWebhookLogs: 2 });
    sandbox.addWebhookLog('sandbox', log('l-1', 'wh-1', 'n-1'), Buffer.from('{"a": 1}'));
    sandbox.addWebhookLog('sandbox', log('l-2', 'wh-1', 'n-1'), Buffer.from('{"a": 1}'));
    expect(sandbox.webhookBody('sandbox', 'l-1')?.toString()).toBe('{"a": 1}');
    expect(sandbox.webhookBody('production', 'l-1')).toBeUndefined();
    expect(sandbox.findNotification('sandbox', 'n-1')?.id).toBe('l-2');
    expect(sandbox.findNotification('production', 'n-1')).toBeUndefined();
    sandbox.addWebhookLog('sandbox', log('l-3'), Buffer.from('{}'));
    sandbox.addWebhookLog('sandbox', log('l-4'), Buffer.from('{}'));
    expect(sandbox.findNotification('sandbox', 'n-1')).toBeUndefined(); // its logs made room
  });
});
