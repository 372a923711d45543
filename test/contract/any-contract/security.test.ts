// Admission by the operation's own security schemes (issue 33, point 3), on real contracts: the Pix API's
// OAuth 2 scopes enforced with tokens minted by the mock's token tool, its payload locations (`security: []`)
// open; and every other scheme type OpenAPI has — http bearer and Basic, apiKey in a header, the query and a
// cookie, OpenID Connect with scopes, mutualTLS alone — on a copy of the Pix API whose operations ask for
// them (no real fixture declares an apiKey). Real Prism, real mutual TLS.
import { writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RealMock, startRealMock } from './real-mock.ts';

let pix: RealMock;
let variant: RealMock;

/** The Pix API with its schemes replaced: each listed operation asks for one scheme type. */
async function schemesVariant(bundleFile: string): Promise<void> {
  const { readFile } = await import('node:fs/promises');
  const doc = JSON.parse(await readFile(bundleFile, 'utf8'));
  doc.components.securitySchemes = {
    ...doc.components.securitySchemes,
    bearer: { type: 'http', scheme: 'bearer' },
    basic: { type: 'http', scheme: 'basic' },
    keyHeader: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
    keyQuery: { type: 'apiKey', in: 'query', name: 'api_key' },
    keyCookie: { type: 'apiKey', in: 'cookie', name: 'session' },
    oidc: { type: 'openIdConnect', openIdConnectUrl: 'https://example.com/.well-known/openid-configuration' },
    certificate: { type: 'mutualTLS' },
  };
  const ask = (path: string, method: string, security: unknown) => {
    doc.paths[path][method].security = security;
  };
  ask('/cob/{txid}', 'get', [{ bearer: [] }]);
  ask('/cobv/{txid}', 'get', [{ basic: [] }]);
  ask('/loc/{id}', 'get', [{ keyHeader: [] }]);
  ask('/pix/{e2eid}', 'get', [{ keyQuery: [] }]);
  ask('/pix', 'get', [{ keyCookie: [] }]);
  ask('/webhook/{chave}', 'get', [{ oidc: ['webhook.read'] }]);
  ask('/webhook', 'get', [{ certificate: [] }]);
  await writeFile(bundleFile, JSON.stringify(doc));
}

beforeAll(async () => {
  [pix, variant] = await Promise.all([startRealMock('pix'), startRealMock('pix', { edit: schemesVariant })]);
}, 120_000);
afterAll(() => Promise.all([pix?.stop(), variant?.stop()]));

const txid = 'k8m2p4q6r8t0v2x4z6b8d0f2h4j6';

describe('the Pix API (OAuth 2, scopes per operation)', () => {
  it('refuses a token without the scope the operation asks (403 naming it), admits one with it', async () => {
    const wrong = await pix.mock.mock.token(['pix.read']);
    const refused = await pix.call('GET', `/cob/${txid}`, { token: wrong });
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('cob.read');
    const right = await pix.mock.mock.token(['cob.read']);
    expect((await pix.call('GET', `/cob/${txid}`, { token: right })).status).toBe(200);
  });

  it('asks for a token where the operation has security (401: Pix words 403 for an authenticated caller only), none where it says security: []', async () => {
    const refused = await pix.call('GET', `/cob/${txid}`);
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ type: 'about:blank', status: 401 });
    const open = await pix.call('GET', '/3fa85f64-5717-4562-b3fc-2c963f66afa6');
    expect(open.status, open.text).toBe(200);
  });
});

describe('every scheme type, as the operation declares it', () => {
  const token = () => variant.mock.mock.token([]);
  const refused = 401;

  it('http bearer: a Bearer token', async () => {
    expect((await variant.call('GET', `/cob/${txid}`)).status).toBe(refused);
    expect((await variant.call('GET', `/cob/${txid}`, { token: await token() })).status).toBe(200);
  });

  it('http basic: the token as user name or password; a Bearer header or another password is refused', async () => {
    const basic = (text: string) => ({ authorization: `Basic ${Buffer.from(text).toString('base64')}` });
    const t = await token();
    expect((await variant.call('GET', `/cobv/${txid}`, { headers: basic(`${t}:`) })).status).toBe(200);
    expect((await variant.call('GET', `/cobv/${txid}`, { headers: basic(`dev:${t}`) })).status).toBe(200);
    expect((await variant.call('GET', `/cobv/${txid}`, { headers: basic('dev:secret') })).status).toBe(
      refused,
    );
    expect((await variant.call('GET', `/cobv/${txid}`, { token: t })).status).toBe(refused);
  });

  it('apiKey in a header (its name in any case), in the query and in a cookie', async () => {
    const t = await token();
    expect((await variant.call('GET', '/loc/7', { headers: { 'x-api-key': t } })).status).toBe(200);
    expect((await variant.call('GET', '/loc/7', { token: t })).status).toBe(refused);
    const e2e = 'E12345678202009091221abcdef12345';
    expect((await variant.call('GET', `/pix/${e2e}?api_key=${t}`)).status).toBe(200);
    expect((await variant.call('GET', `/pix/${e2e}`, { token: t })).status).toBe(refused);
    const range = 'inicio=2020-04-01T00:00:00Z&fim=2020-04-02T10:00:00Z';
    const cookie = { cookie: `theme=dark; session=${t}` };
    expect((await variant.call('GET', `/pix?${range}`, { headers: cookie })).status).toBe(200);
    expect((await variant.call('GET', `/pix?${range}`, { token: t })).status).toBe(refused);
  });

  it('OpenID Connect: a Bearer token with the scope the operation names', async () => {
    const without = await variant.call('GET', '/webhook/chave-1', { token: await token() });
    expect(without.status).toBe(403);
    const withScope = await variant.mock.mock.token(['webhook.read']);
    expect((await variant.call('GET', '/webhook/chave-1', { token: withScope })).status).toBe(200);
  });

  it('mutualTLS alone: the client certificate, no token', async () => {
    const range = 'inicio=2020-04-01T00:00:00Z&fim=2020-04-02T10:00:00Z';
    const answer = await variant.call('GET', `/webhook?${range}`);
    expect(answer.status, answer.text).toBe(200);
  });
});

describe("a 401's WWW-Authenticate names the schemes the operation accepts (RFC 9110 §11.6.1)", () => {
  const challenge = async (mock: RealMock, path: string) => {
    const answer = await mock.call('GET', path);
    expect(answer.status, answer.text).toBe(401);
    return answer.headers['www-authenticate'];
  };

  it('Bearer for http bearer and OAuth 2, Basic with a realm for http basic, none for an apiKey', async () => {
    expect(await challenge(variant, `/cob/${txid}`)).toBe('Bearer');
    expect(await challenge(pix, `/cob/${txid}`)).toBe('Bearer');
    expect(await challenge(variant, `/cobv/${txid}`)).toBe('Basic realm="mock", charset="UTF-8"');
    expect(await challenge(variant, '/loc/7')).toBeUndefined();
    const e2e = 'E12345678202009091221abcdef12345';
    expect(await challenge(variant, `/pix/${e2e}`)).toBeUndefined();
  });

  it('Bearer for OpenID Connect', async () => {
    expect(await challenge(variant, '/webhook/chave-1')).toBe('Bearer');
  });
});
