// The contract's own error answers where it declares them (issue 33, point 3): the Pix API words its errors
// as `application/problem+json` (RFC 9457 with its own `type`s), so a request the mock refuses gets that, not
// our envelope; where it documents no example, an RFC 9457 problem. Our contract keeps its envelope (the
// contract tests hold it). Real Prism, real mutual TLS.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RealMock, startRealMock } from './real-mock.ts';

let pix: RealMock;
beforeAll(async () => {
  pix = await startRealMock('pix');
}, 120_000);
afterAll(() => pix?.stop());

const noEnvelope = (body: unknown) => expect(body).not.toHaveProperty('status_code');

describe("the Pix API's problem+json", () => {
  it("answers an invalid cob with the contract's documented 400: its type and title, the real reason as detail", async () => {
    const token = await pix.mock.token('sandbox', { scopes: ['cob.write'] });
    const answer = await pix.call('PATCH', '/cob/k8m2p4q6r8t0v2x4z6b8d0f2h4j6', {
      token,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ valor: { original: 'dez reais' } }),
    });
    expect(answer.status, answer.text).toBe(400);
    expect(answer.headers['content-type']).toBe('application/problem+json');
    noEnvelope(answer.body);
    expect(answer.body).toMatchObject({
      type: expect.stringMatching(/^https:\/\/pix\.bcb\.gov\.br\/api\/v2\/error\//),
      title: expect.any(String),
      status: 400,
      detail: expect.stringContaining('original'),
    });
    expect(answer.body).not.toHaveProperty('violacoes'); // the example's own, naming fields of another request
  });

  it('answers a token without the scope with its documented 403 (AcessoNegado)', async () => {
    const token = await pix.mock.token('sandbox', { scopes: ['pix.read'] });
    const answer = await pix.call('GET', '/cob/k8m2p4q6r8t0v2x4z6b8d0f2h4j6', { token });
    expect(answer.status).toBe(403);
    expect(answer.headers['content-type']).toBe('application/problem+json');
    expect(answer.body).toMatchObject({
      type: 'https://pix.bcb.gov.br/api/v2/error/AcessoNegado',
      status: 403,
      detail: expect.stringContaining('cob.read'),
    });
  });

  it('refuses a JSON null body where the body is optional (Prism reads null as no body at all)', async () => {
    const token = await pix.mock.mock.token(['rec.write']);
    const headers = { 'content-type': 'application/json' };
    const answer = await pix.call('POST', '/rec', { token, headers, body: 'null' });
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body).toMatchObject({ status: 400, detail: expect.stringContaining('null') });
  });

  it('answers a path no operation has with an RFC 9457 problem (the contract documents none)', async () => {
    const token = await pix.mock.token('sandbox', { scopes: [] });
    const answer = await pix.call('GET', '/nada/a/b/c', { token });
    expect(answer.status).toBe(404);
    expect(answer.headers['content-type']).toBe('application/problem+json');
    expect(answer.body).toMatchObject({ type: 'about:blank', status: 404, title: 'NOT_FOUND' });
  });
});
