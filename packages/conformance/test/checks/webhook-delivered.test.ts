// webhook-delivered against stand-ins: a server whose webhook operations deliver (or not) to a stand-in
// receiver. It passes a server that delivers try's body, then retry's and resend's, over mutual TLS; fails
// one that delivers nothing, or without a client certificate; notes what arrived; stays quiet without a
// receiver; and notes a step it cannot take for want of an identifier.
import type { Answer, ArrivedDelivery, DeliveryWatch, Probe } from '@banking-api/conformance';
import { describe, expect, it } from 'vitest';
import { context, documentedAnswer, model, registered } from '../harness.ts';

const check = registered('webhook-delivered');
if (check.kind !== 'probe' || check.scope !== 'contract') throw new Error('a once-per-run check');
const opId = (probe: Probe) =>
  model.operations.find((op) => probe.path.startsWith(op.path.split('{')[0] ?? ''))?.operationId;

/** A stand-in receiver: deliveries are pushed; `next` finds them at once (no waiting in a unit test). */
function receiver(): DeliveryWatch & { push(body: string, mutualTls?: boolean): void } {
  const arrived: ArrivedDelivery[] = [];
  return {
    webhookId: 'wh-verify',
    waitMs: 50,
    push: (body, mutualTls = true) =>
      void arrived.push({
        at: Date.now(),
        method: 'POST',
        path: '/hooks',
        mediaType: 'application/json',
        body,
        bytes: body.length,
        mutualTls,
        clientSubject: mutualTls ? 'platform' : undefined,
      }),
    next: async (since, match) => arrived.find((a) => a.at >= since && match(a)),
    since: (since) => arrived.filter((a) => a.at >= since),
  };
}

/** A server that delivers each webhook operation's notification to `watch` (as `mode` says). */
function server(watch: ReturnType<typeof receiver>, mode: 'delivers' | 'silent' | 'plain-tls') {
  const sent: Probe[] = [];
  let delivered = '';
  const send = async (probe: Probe): Promise<Answer> => {
    sent.push(probe);
    const id = opId(probe);
    const deliver = () => mode !== 'silent' && watch.push(delivered, mode === 'delivers');
    if (id === 'tryWebhook') {
      delivered = probe.body?.text ?? '';
      deliver();
      const answer = documentedAnswer(model.operations.find((o) => o.operationId === id) as never, 201);
      const envelope = { ...JSON.parse(answer.text), data: { webhookLogId: 'log-1', notificationId: 'n-1' } };
      return { ...answer, text: JSON.stringify(envelope) };
    }
    if (id === 'retryWebhook' || id === 'resendNotification') deliver();
    const op = model.operations.find((o) => o.operationId === id);
    return documentedAnswer(op as never, op?.operationId === 'listWebhookLogs' ? 200 : 200);
  };
  return { send, sent };
}

describe('webhook-delivered', () => {
  it('passes a server that delivers try, retry and resend over mutual TLS, and notes what arrived', async () => {
    const watch = receiver();
    const { send, sent } = server(watch, 'delivers');
    const ctx = { ...context(send), deliveries: watch };
    await check.run(ctx);
    expect(ctx.findings.failures).toEqual([]);
    expect(sent.map(opId)).toEqual(['tryWebhook', 'retryWebhook', 'resendNotification']);
    expect(JSON.parse(sent[1]?.body?.text ?? '')).toEqual({ webhookLogId: 'log-1' });
    expect(JSON.parse(sent[2]?.body?.text ?? '')).toEqual({ notificationId: 'n-1' });
    expect(sent[0]?.path).toContain('webhookId=wh-verify');
    const notes = ctx.findings.notes.filter((n) => n.check === 'webhook-delivered').map((n) => n.message);
    expect(notes).toHaveLength(3);
    expect(notes[0]).toMatch(
      /^try: POST \/hooks arrived after \d+ ms over mutual TLS \(client certificate platform/,
    );
  });

  it('fails a server that delivers nothing, and one that delivers without a client certificate', async () => {
    for (const mode of ['silent', 'plain-tls'] as const) {
      const watch = receiver();
      const ctx = { ...context(server(watch, mode).send), deliveries: watch };
      await check.run(ctx);
      expect(ctx.findings.failures.map((f) => f.operation)).toHaveLength(3);
      const [first] = ctx.findings.failures;
      expect(first?.check).toBe('webhook-delivered');
      expect(first?.got).toMatch(mode === 'silent' ? /nothing arrived/ : /without a client certificate/);
    }
  });

  it('stays quiet without a receiver', async () => {
    const watch = receiver();
    const { send, sent } = server(watch, 'delivers');
    const ctx = context(send);
    await check.run(ctx);
    expect(sent).toEqual([]);
    expect(ctx.findings.notes).toEqual([]);
  });

  it('notes a step it cannot take when no answer shows the identifier it needs', async () => {
    const watch = receiver();
    const send = async (probe: Probe): Promise<Answer> => {
      const op = model.operations.find((o) => o.operationId === opId(probe));
      if (opId(probe) === 'tryWebhook') watch.push(probe.body?.text ?? '');
      return documentedAnswer(op as never, opId(probe) === 'tryWebhook' ? 201 : 200);
    };
    const ctx = { ...context(send), deliveries: watch };
    await check.run(ctx);
    expect(ctx.findings.failures).toEqual([]);
    expect(ctx.findings.notes.map((n) => n.message).filter((m) => m.startsWith('skipped'))).toEqual([
      expect.stringContaining('skipped retry: no webhookLogId'),
      expect.stringContaining('skipped resend: no notificationId'),
    ]);
  });
});
