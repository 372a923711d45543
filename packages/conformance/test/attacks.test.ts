// The attack generators: spellings reach the same path, byte mutations stay in their region, forbidden
// bodies are forbidden, and the registry's kinds are distinct.
import {
  ATTACKS,
  type ByteMutation,
  forbiddenBodies,
  honestLength,
  jsonBodySchema,
  MAX_HEADER_BYTES,
  mutate,
  scopedOperations,
  spellingOf,
  thirdRoundRequests,
} from '@banking-api/conformance';
import { conforms } from '@banking-api/contract/validators';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidCnpj } from '../../../test/support/brazil.ts';
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

  it('the third round: a dot writing as a whole segment, many headers under the limit, valid CNPJs', () => {
    const sample = fc.sample(thirdRoundRequests(model.operations, 'token'), { seed: 3, numRuns: 300 });
    expect(new Set(sample.map((h) => h.kind)).size).toBe(3);
    for (const hostile of sample) {
      const text = hostile.bytes.toString('latin1');
      const head = text.slice(0, text.indexOf('\r\n\r\n') + 4);
      const segments = (head.split(' ')[1] ?? '').split('?')[0]?.split('/') ?? [];
      if (hostile.kind === 'dot segment')
        expect(
          segments.some((s) => /^(\.|%2e|%c0%ae|%5c)+/i.test(s)),
          hostile.what,
        ).toBe(true);
      if (hostile.kind === 'many small headers') {
        expect(Buffer.byteLength(head, 'latin1'), hostile.what).toBeLessThan(MAX_HEADER_BYTES);
        expect(head.split('\r\n').length, hostile.what).toBeGreaterThan(100);
      }
      if (hostile.kind === 'alphanumeric CNPJ')
        for (const bare of hostile.secrets.filter((s) => /^[0-9A-Z]{14}$/.test(s)))
          expect(isValidCnpj(bare), bare).toBe(true);
    }
  });

  it('the registry names each kind once, with a rationale', () => {
    expect(new Set(ATTACKS.map((a) => a.kind)).size).toBe(ATTACKS.length);
    for (const attack of ATTACKS) expect(attack.rationale.length).toBeGreaterThan(10);
  });
});
