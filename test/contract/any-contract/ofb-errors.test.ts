// Open Finance Brasil words its errors as `application/json; charset=utf-8` with its own `ResponseError`
// (`errors: [{code, title, detail}]`, `meta`) and shows no example of them (issue 33, points 3 and 4): every
// error the mock makes itself there — a refused body, a missing token, a wrong scope, a method the path does
// not take, a wrong media type, a simulated fault — is that media type with a body valid against that schema,
// carrying the mock's reason; a path the contract has no operation for stays an RFC 9457 problem. Real Prism,
// real mutual TLS, the real contract.
import type { JsonSchema } from '@banking-api/contract';
import { violationsOf } from '@banking-api/contract/validators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RealMock, startRealMock } from './real-mock.ts';

let ofb: RealMock;
let automatic: RealMock;
beforeAll(async () => {
  [ofb, automatic] = await Promise.all([
    startRealMock('ofb-payments'),
    startRealMock('ofb-automatic-payments'),
  ]);
}, 120_000);
afterAll(() => Promise.all([ofb?.stop(), automatic?.stop()]));

const OFB_JSON = 'application/json; charset=utf-8';
const consentId = 'urn:bancoex:C1DD33123';
const fapi = { 'x-fapi-interaction-id': 'd78fc4e5-37ca-4da3-adf2-9b082bf92280' };

/** The answer is the contract's documented error for its status: media type, schema, the mock's reason. */
function expectDocumented(
  answer: { status: number; headers: Record<string, unknown>; body: unknown },
  key: string,
  reason: RegExp,
) {
  expect(answer.headers['content-type']).toBe(OFB_JSON);
  const response = ofb.operation(key).responses.find((r) => r.status === String(answer.status));
  const schema = response?.content[0]?.schema;
  expect(schema, `${key} documents ${answer.status}`).toBeDefined();
  expect(violationsOf(schema as JsonSchema, answer.body)).toEqual([]);
  expect((answer.body as { errors: { detail: string }[] }).errors[0]?.detail).toMatch(reason);
}

describe("Open Finance Brasil's ResponseError for the mock's own errors", () => {
  it('answers a body that is no compact JWS with its documented 400', async () => {
    const token = await ofb.mock.mock.token(['payments']);
    const headers = { ...fapi, 'content-type': 'application/jwt' };
    const answer = await ofb.call('POST', '/consents', { token, headers, body: 'not a jws' });
    expect(answer.status, answer.text).toBe(400);
    expectDocumented(answer, 'POST /consents', /JWS/);
    expect((answer.body as { errors: { code: string }[] }).errors[0]?.code).toBe('VALIDATION_ERROR');
  });

  it('answers a missing token with its documented 401, a wrong scope with its 403', async () => {
    const path = `/consents/${encodeURIComponent(consentId)}`;
    const missing = await ofb.call('GET', path, { headers: fapi });
    expect(missing.status, missing.text).toBe(401);
    expectDocumented(missing, 'GET /consents/{consentId}', /.+/);
    const wrong = await ofb.mock.mock.token(['openid']);
    const refused = await ofb.call('GET', path, { token: wrong, headers: fapi });
    expect(refused.status, refused.text).toBe(403);
    expectDocumented(refused, 'GET /consents/{consentId}', /payments/);
  });

  it('answers a wrong media type with its documented 415', async () => {
    const token = await ofb.mock.mock.token(['payments']);
    const headers = { ...fapi, 'content-type': 'text/plain' };
    const answer = await ofb.call('POST', '/consents', { token, headers, body: 'hello' });
    expect(answer.status, answer.text).toBe(415);
    expectDocumented(answer, 'POST /consents', /.+/);
  });

  it('answers a method the path does not take with the 405 its operations document', async () => {
    const token = await ofb.mock.mock.token(['payments']);
    const answer = await ofb.call('DELETE', '/consents', { token, headers: fapi });
    expect(answer.status, answer.text).toBe(405);
    expect(answer.headers.allow).toBe('POST');
    expectDocumented(answer, 'POST /consents', /POST/);
  });

  it('answers a simulated fault (Prefer: code=500) with its documented 500', async () => {
    const token = await ofb.mock.mock.token(['payments']);
    const path = `/consents/${encodeURIComponent(consentId)}`;
    const answer = await ofb.call('GET', path, { token, headers: { ...fapi, prefer: 'code=500' } });
    expect(answer.status, answer.text).toBe(500);
    expectDocumented(answer, 'GET /consents/{consentId}', /.+/);
  });

  it('refuses an optional header sent empty that its schema asks a minLength of (Prism reads it as absent)', async () => {
    const token = await ofb.mock.mock.token(['payments']);
    const path = `/consents/${encodeURIComponent(consentId)}`;
    const empty = { ...fapi, 'x-fapi-customer-ip-address': '' };
    const refused = await ofb.call('GET', path, { token, headers: empty });
    expect(refused.status, refused.text).toBe(400);
    expectDocumented(refused, 'GET /consents/{consentId}', /x-fapi-customer-ip-address/);
    const given = { ...fapi, 'x-fapi-customer-ip-address': '192.0.2.10' };
    expect((await ofb.call('GET', path, { token, headers: given })).status).toBe(200);
  });

  it('refuses an optional query parameter sent empty that its schema asks a minLength of', async () => {
    const token = await automatic.mock.mock.token(['recurring-payments']);
    const query = `recurringConsentId=${encodeURIComponent(consentId)}`;
    const refused = await automatic.call(
      'GET',
      `/pix/recurring-payments?${query}&originalRecurringPaymentId=`,
      {
        token,
        headers: fapi,
      },
    );
    expect(refused.status, refused.text).toBe(400);
    expect(refused.headers['content-type']).toBe(OFB_JSON);
    expect(refused.text).toContain('originalRecurringPaymentId');
    const given = await automatic.call('GET', `/pix/recurring-payments?${query}`, { token, headers: fapi });
    expect(given.status, given.text).toBe(200);
  });

  it("answers an empty path parameter with the 400 of the operation it would name (Prism's own refusal)", async () => {
    const token = await ofb.mock.mock.token(['payments']);
    const answer = await ofb.call('GET', '/consents/', { token, headers: fapi });
    expect(answer.status, answer.text).toBe(400);
    expectDocumented(answer, 'GET /consents/{consentId}', /consentid/i);
  });

  it('answers a path no operation has with an RFC 9457 problem (the contract documents none)', async () => {
    const token = await ofb.mock.mock.token(['payments']);
    const answer = await ofb.call('GET', '/nada', { token, headers: fapi });
    expect(answer.status).toBe(404);
    expect(answer.headers['content-type']).toBe('application/problem+json');
  });
});
