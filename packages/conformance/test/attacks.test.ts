// The attack generators: spellings reach the same path, byte mutations stay in their region, forbidden
// bodies are forbidden, and the registry's kinds are distinct.
import {
  ATTACKS,
  type ByteMutation,
  forbiddenBodies,
  honestLength,
  jsonBodySchema,
  mutate,
  scopedOperations,
  spellingOf,
} from '@banking-api/conformance';
import { conforms } from '@banking-api/contract/validators';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { model } from './harness.ts';

describe('attacks', () => {
  it('spellings of a path normalise back to it', () => {
    const [op] = scopedOperations(model.operations);
    if (!op) throw new Error('no scoped operation');
    const path = op.path.replace(/\{[^}]+\}/g, 'x');
    for (const spelled of fc.sample(spellingOf(path), { seed: 1, numRuns: 50 })) {
      const origin = /^[a-zA-Z]+:\/\/[^/]+/;
      const url = new URL(spelled.replace(origin, '').replace(/\/{2,}/g, '/'), 'http://h');
      expect(decodeURIComponent(url.pathname)).toBe(path);
    }
  });

  it('a byte mutation of the headers leaves the request line alone; honestLength mends Content-Length', () => {
    const bytes = Buffer.from('GET /a HTTP/1.1\r\nhost: h\r\ncontent-length: 2\r\n\r\nab', 'latin1');
    const m: ByteMutation = { region: 1, at: 3, kind: 'insert', bytes: new Uint8Array([0x41]), token: '' };
    expect(mutate(bytes, m).toString('latin1')).toMatch(/^GET \/a HTTP\/1\.1\r\nhosAt: h/);
    const longer = Buffer.from('GET /a HTTP/1.1\r\ncontent-length: 2\r\n\r\nabc', 'latin1');
    expect(honestLength(longer).toString('latin1')).toContain('content-length: 3\r\n');
  });

  it('every forbidden body breaks its schema', () => {
    for (const { op, body, why } of fc.sample(forbiddenBodies(model.operations), { seed: 2, numRuns: 100 }))
      expect(conforms(jsonBodySchema(op) ?? {}, body), `${op.operationId}: ${why}`).toBe(false);
  });

  it('the registry names each kind once, with a rationale', () => {
    expect(new Set(ATTACKS.map((a) => a.kind)).size).toBe(ATTACKS.length);
    for (const attack of ATTACKS) expect(attack.rationale.length).toBeGreaterThan(10);
  });
});
