// judgeRequest: the contract's verdict on a request, from the compiled validators; `unjudged` wherever the
// wire form needs a reading it does not do, so that `valid` can be acted on alone (the mock's fast path).
import { asText, contractModel, exampleRequest, type Operation } from '@banking-api/contract';
import { judgeRequest, type RequestParts } from '@banking-api/contract/validators';
import { describe, expect, it } from 'vitest';

const model = contractModel();
const byId = (id: string) => model.operations.find((op) => op.operationId === id) as Operation;

/** The example request of `op` as the mock reads it off the wire. */
function partsOf(op: Operation): RequestParts {
  const example = exampleRequest(op);
  const text = (values: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(values).map(([name, value]) => [name, asText(value)]));
  const headers = Object.fromEntries(
    Object.entries(text(example.header)).map(([n, v]) => [n.toLowerCase(), v]),
  );
  const body = example.body && { mediaType: example.body.media.mediaType, json: example.body.value };
  return {
    params: text(example.path),
    query: new URLSearchParams(text(example.query)).toString(),
    headers,
    body,
  };
}

describe('judgeRequest', () => {
  it("every operation's example request is valid, except a form, which it leaves to another validator", () => {
    for (const op of model.operations) {
      const form = op.requestBody?.content.some((m) => m.mediaType === 'multipart/form-data');
      expect(judgeRequest(op, partsOf(op)).kind, op.operationId).toBe(form ? 'unjudged' : 'valid');
    }
  });

  it('a missing required header or body, and a body that breaks its schema, are invalid; a missing optional query is fine', () => {
    const card = byId('createCard');
    const valid = partsOf(card);
    expect(judgeRequest(card, { ...valid, headers: {} })).toEqual({
      kind: 'invalid',
      violations: [{ at: '/header/x-account-id', message: 'is required' }],
    });
    expect(judgeRequest(card, { ...valid, body: undefined })).toMatchObject({
      kind: 'invalid',
      violations: [{ at: '/body' }],
    });
    const broken = judgeRequest(card, {
      ...valid,
      body: { mediaType: 'application/json', json: { alias: 1 } },
    });
    expect(broken.kind).toBe('invalid');
    // The contract does not say webhookId is required: a request without it is one it accepts.
    const logs = byId('listWebhookLogs');
    expect(judgeRequest(logs, { ...partsOf(logs), query: '' })).toEqual({ kind: 'valid' });
  });

  it('leaves unjudged what it does not read: repeated or empty values, bodies not JSON or not declared', () => {
    const logs = byId('listWebhookLogs');
    expect(judgeRequest(logs, { ...partsOf(logs), query: 'webhookId=a&webhookId=b' }).kind).toBe('unjudged');
    expect(judgeRequest(logs, { ...partsOf(logs), query: 'webhookId=' }).kind).toBe('unjudged');
    expect(
      judgeRequest(logs, { ...partsOf(logs), body: { mediaType: 'application/json', json: {} } }).kind,
    ).toBe('unjudged');
    const card = byId('createCard');
    expect(judgeRequest(card, { ...partsOf(card), body: { mediaType: '', json: {} } }).kind).toBe('unjudged');
    expect(judgeRequest(card, { ...partsOf(card), headers: { 'x-account-id': ['a', 'b'] } }).kind).toBe(
      'unjudged',
    );
  });

  it('leaves unjudged parameters that are not plain strings and cookies', () => {
    const base = byId('listWebhookLogs');
    const typed: Operation = {
      ...base,
      parameters: [{ name: 'page', in: 'query', required: true, schema: { type: 'integer' }, examples: [] }],
    };
    expect(judgeRequest(typed, { params: {}, query: 'page=2', headers: {} })).toMatchObject({
      kind: 'unjudged',
    });
    const cookie: Operation = {
      ...base,
      parameters: [{ name: 's', in: 'cookie', required: false, examples: [] }],
    };
    expect(judgeRequest(cookie, { params: {}, query: '', headers: {} })).toMatchObject({ kind: 'unjudged' });
  });
});
