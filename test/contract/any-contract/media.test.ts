// Any media type a real contract declares is answered from its examples, never a 500: the Pix API's
// `application/jose` payload locations and Open Finance Brasil's `application/jwt` bodies as a compact JWS
// of the example (signed with the mock's token key), and a JWS request body judged by its payload, not as a
// JSON object (issue 33, point 3). Real Prism, real mutual TLS, the contracts as their authors wrote them.
import { createPublicKey } from 'node:crypto';
import { compactVerify, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RealMock, startRealMock } from './real-mock.ts';

let pix: RealMock;
let ofb: RealMock;
beforeAll(async () => {
  [pix, ofb] = await Promise.all([startRealMock('pix'), startRealMock('ofb-payments')]);
}, 120_000);
afterAll(() => Promise.all([pix?.stop(), ofb?.stop()]));

/** A compact JWS of `payload` (its signature is not the mock's to check). */
const jws = (payload: unknown) => {
  const parts = [{ alg: 'PS256', typ: 'JWT' }, payload].map((p) => Buffer.from(JSON.stringify(p)));
  return `${parts.map((p) => p.toString('base64url')).join('.')}.c2lnbmF0dXJl`;
};

describe('answers in JWS and JWT media types', () => {
  it("answers the Pix payload location (application/jose, security: []) with its example as a JWS the mock's key verifies", async () => {
    const op = pix.operation('GET /{pixUrlAccessToken}');
    const example = op.responses.find((r) => r.status === '200')?.content[0]?.examples[0]?.value;
    const token = await pix.mock.token('sandbox', { scopes: [] });
    const answer = await pix.call('GET', '/3fa85f64-5717-4562-b3fc-2c963f66afa6', { token });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/jose/);
    const key = createPublicKey(pix.mock.mock.pki.jwt.publicKey);
    const { payload } = await compactVerify(answer.text, key);
    expect(JSON.parse(Buffer.from(payload).toString('utf8'))).toEqual(example);
  });

  it('answers an Open Finance consent (application/jwt) as a JWT of its example', async () => {
    const token = await ofb.mock.token('sandbox', { scopes: ['payments'] });
    const answer = await ofb.call('GET', '/consents/urn:bancoex:C1DD33123', {
      token,
      headers: { 'x-fapi-interaction-id': 'd78fc4e5-37ca-4da3-adf2-9a1a0a1f1e2a' },
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/jwt/);
    expect(decodeJwt(answer.text)).toMatchObject({ data: { consentId: expect.any(String) } });
  });
});

describe('a JWS request body', () => {
  const headers = {
    'content-type': 'application/jwt',
    'x-fapi-interaction-id': 'd78fc4e5-37ca-4da3-adf2-9a1a0a1f1e2a',
    'x-idempotency-key': 'a3e2b1c0-1111-4222-8333-944455556666',
  };

  it("is judged by its payload against the contract's schema: the missing field is named", async () => {
    const token = await ofb.mock.token('sandbox', { scopes: ['payments'] });
    const answer = await ofb.call('POST', '/consents', { token, headers, body: jws({ data: {} }) });
    expect(answer.status).toBe(400);
    expect(answer.text).toContain('loggedUser');
    expect(answer.text).not.toMatch(/must be object/);
  });

  it('is refused with a clear 400 when it is no compact JWS (a JSON object sent as application/jwt)', async () => {
    const token = await ofb.mock.token('sandbox', { scopes: ['payments'] });
    const answer = await ofb.call('POST', '/consents', { token, headers, body: '{"data":{}}' });
    expect(answer.status).toBe(400);
    expect(answer.text).toContain('compact JWS');
  });
});
