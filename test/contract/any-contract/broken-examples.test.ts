// The contract's own examples that break its schema (issue 33, point 3): the Pix API's cob examples lack
// `loc.criacao` and write `location` without a scheme. Prism without `--errors` answers them as they are, and a
// client then holds an answer the contract forbids. The mock's choice (docs/mock.md, "Another contract"): a
// valid named example of the same response, else a value made from the schema, said in `x-mock-note`; a valid
// example stays as it is, with no note. Real Prism, real mutual TLS, the real contract.
import type { JsonSchema } from '@banking-api/contract';
import { violationsOf } from '@banking-api/contract/validators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RealMock, startRealMock } from './real-mock.ts';

let pix: RealMock;
beforeAll(async () => {
  pix = await startRealMock('pix');
}, 120_000);
afterAll(() => pix?.stop());

const txid = 'k8m2p4q6r8t0v2x4z6b8d0f2h4j6';

function schemaOf(key: string, status: string) {
  const schema = pix.operation(key).responses.find((r) => r.status === status)?.content[0]?.schema;
  expect(schema).toBeDefined();
  return schema as JsonSchema;
}

describe("the Pix API's broken examples", () => {
  it('answers a valid body in place of an example that breaks the schema, and says so', async () => {
    const key = 'GET /cob/{txid}';
    const example = pix.operation(key).responses.find((r) => r.status === '200')?.content[0]?.examples[0];
    expect(violationsOf(schemaOf(key, '200'), example?.value)).not.toEqual([]); // the contract's own slip
    const token = await pix.mock.mock.token(['cob.read']);
    const answer = await pix.call('GET', `/cob/${txid}`, { token });
    expect(answer.status, answer.text).toBe(200);
    expect(violationsOf(schemaOf(key, '200'), answer.body)).toEqual([]);
    expect(answer.headers['x-mock-note']).toMatch(/breaks its schema/);
  });

  it('answers another named example of the response when the one asked for breaks the schema', async () => {
    const key = 'GET /pix/{e2eid}';
    const [first] = pix.operation(key).responses.find((r) => r.status === '200')?.content[0]?.examples ?? [];
    const token = await pix.mock.mock.token(['pix.read']);
    const e2e = 'E12345678202009091221abcdef12345';
    const headers = { prefer: 'example=retorno2' }; // retorno2 lacks what the schema requires
    const answer = await pix.call('GET', `/pix/${e2e}`, { token, headers });
    expect(answer.status, answer.text).toBe(200);
    expect(violationsOf(schemaOf(key, '200'), answer.body)).toEqual([]);
    expect(answer.body).toEqual(first?.value);
    expect(answer.headers['x-mock-note']).toMatch(/answered example "retorno1"/);
  });

  it('keeps a valid example as it is, with no note', async () => {
    const key = 'GET /pix/{e2eid}/devolucao/{id}';
    const token = await pix.mock.mock.token(['pix.read']);
    const answer = await pix.call('GET', '/pix/E12345678202009091221abcdef12345/devolucao/D1', { token });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers['x-mock-note']).toBeUndefined();
    const example = pix.operation(key).responses.find((r) => r.status === '200')?.content[0]?.examples[0];
    expect(answer.body).toEqual(example?.value);
  });
});
