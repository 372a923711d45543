// Routing on a real contract (issue 33, point 3): the Pix API writes identical templates twice —
// `GET /rec/{idRec}` beside `GET /rec/{recUrlAccessToken}`, `GET /cobv/{txid}` beside
// `GET /cobv/{pixUrlAccessToken}` — the second of each served on the receiving PSP's host (servers of its
// own). The one router sends a request to the API's own operation, tells same-template operations apart by
// method, and prefers a literal segment at the first place templates differ. Over the wire too: the mock
// answers `GET /rec/{idRec}` with its JSON, not the payload location's JWS.
import type { ContractModel, Operation } from '@banking-api/contract';
import { createRouter } from '@banking-api/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RealMock, startRealMock } from './real-mock.ts';

let pix: RealMock;
let route: ReturnType<typeof createRouter>;
beforeAll(async () => {
  pix = await startRealMock('pix');
  route = createRouter(pix.mock.model);
}, 120_000);
afterAll(() => pix?.stop());

const keyOf = (method: string, path: string) => {
  const found = route(method, path);
  return found.kind === 'match' ? found.match.operation.key : found.kind;
};

describe("the Pix API's identical templates", () => {
  it("routes GET /rec/{id} and GET /cobv/{id} to the API's own operations, not the PSP-hosted payloads", () => {
    expect(keyOf('GET', '/rec/RR1234567820240115abcdefghijk')).toBe('GET /rec/{idRec}');
    expect(keyOf('PATCH', '/rec/RR1234567820240115abcdefghijk')).toBe('PATCH /rec/{idRec}');
    expect(keyOf('GET', '/cobv/k8m2p4q6r8t0v2x4z6b8d0f2h4j6')).toBe('GET /cobv/{txid}');
    expect(keyOf('PUT', '/cobv/k8m2p4q6r8t0v2x4z6b8d0f2h4j6')).toBe('PUT /cobv/{txid}');
    expect(keyOf('GET', '/cob')).toBe('GET /cob'); // a literal path before the one-segment payload location
  });

  it('answers GET /rec/{idRec} over the wire with its JSON', async () => {
    const token = await pix.mock.mock.token(['rec.read']);
    const answer = await pix.call('GET', '/rec/RR1234567820240115abcdefghijk', { token });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.body).toHaveProperty('idRec');
  });
});

describe('a literal segment wins at the first place two templates differ', () => {
  it('whatever the literal text elsewhere and the order the contract lists them', () => {
    const base = { ...pix.mock.model.operations[0], method: 'GET' } as Operation;
    const early = { ...base, key: 'GET /a/yy/{z}', path: '/a/yy/{z}' } as Operation;
    const late = { ...base, key: 'GET /a/{x}/bbbbbbbbbb', path: '/a/{x}/bbbbbbbbbb' } as Operation;
    for (const operations of [
      [late, early],
      [early, late],
    ]) {
      const model = { ...pix.mock.model, operations } as ContractModel;
      const found = createRouter(model)('GET', '/a/yy/bbbbbbbbbb');
      expect(found.kind === 'match' && found.match.operation.key).toBe('GET /a/yy/{z}');
    }
  });
});
