import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBankingClient } from '../src/index.js';
import { envelope, json, makePki, type Pki, startServer, type TestServer } from './harness.js';

let pki: Pki;
let server: TestServer;
const token = 'static-token-abc';

beforeAll(async () => {
  pki = makePki();
  server = await startServer(pki);
});
afterAll(() => server.close());

const last = () => {
  const seen = server.seen.at(-1);
  if (!seen) throw new Error('no request reached the server');
  return seen;
};
const tlsOf = (p: Pki) => ({ cert: p.client.cert, key: p.client.key, ca: p.ca.cert });

describe('calls over mTLS', () => {
  it('sends Bearer, default x-account-id, JSON body and substituted path; returns typed data', async () => {
    server.handle((req, res) => json(res, 200, { pix: { id: 'x', status: 'OK' }, echo: req.url }));
    const client = createBankingClient({
      baseUrl: server.url,
      environment: 'sandbox',
      tls: tlsOf(pki),
      token,
      accountId: 'acc-123',
    });
    const id = client.newIdempotencyId();
    const { data, error, response } = await client.PUT('/ar/pix/v2/pix/{id}', {
      params: { path: { id } },
      body: { amount: 10.5, pixKey: 'key@example.com' },
    });
    expect(error).toBeUndefined();
    expect(response.status).toBe(200);
    expect(data).toMatchObject({ echo: `/ar/pix/v2/pix/${id}` });
    const seen = last();
    expect(seen.method).toBe('PUT');
    expect(seen.headers.authorization).toBe(`Bearer ${token}`);
    expect(seen.headers['x-account-id']).toBe('acc-123');
    expect(seen.headers['content-type']).toBe('application/json');
    expect(JSON.parse(seen.body.toString())).toEqual({ amount: 10.5, pixKey: 'key@example.com' });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await client.close();
  });

  it('puts a base path of baseUrl before every path, with the query after it', async () => {
    server.handle((req, res) => json(res, 200, { echo: req.url }));
    const client = createBankingClient({ baseUrl: `${server.url}/gateway/v1/`, tls: tlsOf(pki), token });
    const { data, response } = await client.GET('/hb/webhook/logs', {
      params: { query: { webhookId: 'w 1' } },
    });
    expect(data).toEqual({ echo: '/gateway/v1/hb/webhook/logs?webhookId=w%201' });
    expect(response.url).toBe(`${server.url}/gateway/v1/hb/webhook/logs?webhookId=w%201`);
    await client.close();
  });

  it('lets a call override the default account id', async () => {
    server.handle((_req, res) => json(res, 200, {}));
    const client = createBankingClient({
      baseUrl: server.url,
      tls: tlsOf(pki),
      token,
      accountId: 'acc-default',
    });
    await client.POST('/hb/cards/create', {
      params: { header: { 'x-account-id': 'acc-other' } },
      body: { alias: 'a', password: '1234', typeCard: 'Virtual', programId: 1 },
    });
    expect(last().headers['x-account-id']).toBe('acc-other');
    await client.close();
  });

  it('returns 4xx answers typed as the error envelope', async () => {
    server.handle((req, res) => json(res, 400, envelope(400, 'VALIDATION_ERROR', req.url)));
    const client = createBankingClient({ baseUrl: server.url, tls: tlsOf(pki), token });
    const { data, error, response } = await client.POST('/hb/multi-access/otp/validate', {
      body: { context: 'x', code: '1' },
    });
    expect(data).toBeUndefined();
    expect(response.status).toBe(400);
    expect(error?.code).toBe('VALIDATION_ERROR');
    expect(error?.path).toBe('/hb/multi-access/otp/validate');
    await client.close();
  });

  it('fails before sending when an account-scoped call has no account id', async () => {
    const client = createBankingClient({ baseUrl: server.url, tls: tlsOf(pki), token });
    const before = server.seen.length;
    await expect(
      // @ts-expect-error: without a default accountId the header is required by the types too
      client.POST('/hb/transfers/ted', {
        body: {
          amount: 1,
          bankCode: '001',
          branchCode: '1',
          accountNumber: '1',
          documentNumber: '1',
          name: 'n',
          accountType: 'CHECKING',
        },
      }),
    ).rejects.toThrow(/sendTed .*account-scoped.*x-account-id.*accountId/);
    expect(server.seen.length).toBe(before);
    await client.close();
  });

  it('fails before sending when a path parameter is missing', async () => {
    const client = createBankingClient({ baseUrl: server.url, tls: tlsOf(pki), token });
    const before = server.seen.length;
    await expect(
      client.PUT('/ar/pix/pix/{endToEndId}/refund/{id}', {
        params: { path: { endToEndId: 'E1', id: undefined as unknown as string } },
        body: { amount: 1 },
      }),
    ).rejects.toThrow('PUT /ar/pix/pix/{endToEndId}/refund/{id}: path parameter "id" is missing');
    expect(server.seen.length).toBe(before);
    await client.close();
  });

  it('reads certificate material from files and from PKCS#12', async () => {
    server.handle((_req, res) => json(res, 200, { valid: true }));
    const dir = mkdtempSync(join(tmpdir(), 'client-tls-'));
    for (const [name, pem] of Object.entries({ cert: pki.client.cert, key: pki.client.key, ca: pki.ca.cert }))
      writeFileSync(join(dir, `${name}.pem`), pem);
    writeFileSync(join(dir, 'client.p12'), pki.pfx);
    const fromFiles = createBankingClient({
      baseUrl: server.url,
      tls: {
        cert: { path: join(dir, 'cert.pem') },
        key: { path: join(dir, 'key.pem') },
        ca: { path: join(dir, 'ca.pem') },
      },
      token,
    });
    const fromP12 = createBankingClient({
      baseUrl: server.url,
      tls: {
        pfx: { path: join(dir, 'client.p12') },
        passphrase: pki.pfxPassphrase,
        ca: readFileSync(join(dir, 'ca.pem')),
      },
      token,
    });
    for (const client of [fromFiles, fromP12]) {
      const { data } = await client.POST('/hb/multi-access/otp/validate', {
        body: { context: 'x', code: '1' },
      });
      expect(data).toEqual({ valid: true });
      await client.close();
    }
  });

  it('says what to fix when the configuration is wrong', () => {
    // @ts-expect-error: baseUrl is required
    expect(() => createBankingClient({ token })).toThrow(/`baseUrl` is required/);
    expect(() => createBankingClient({ baseUrl: 'http://127.0.0.1:1', token })).toThrow(/must use https/);
    expect(() =>
      createBankingClient({ baseUrl: server.url, token, tls: { pfx: pki.pfx, passphrase: 'wrong' } }),
    ).toThrow(/client certificate cannot be loaded.*passphrase/);
    expect(() =>
      createBankingClient({
        baseUrl: server.url,
        token,
        tls: { cert: pki.client.cert, key: pki.foreign.key },
      }),
    ).toThrow(/cannot be loaded/);
    expect(() =>
      createBankingClient({ baseUrl: server.url, token, tls: { cert: 'not a pem', key: pki.client.key } }),
    ).toThrow(/`tls.cert` is not PEM/);
    expect(() =>
      createBankingClient({
        baseUrl: server.url,
        token,
        tls: { cert: { path: '/nonexistent/c.pem' }, key: pki.client.key },
      }),
    ).toThrow(/cannot read `tls.cert` from \/nonexistent\/c.pem \(ENOENT\)/);
  });

  it('reuses keep-alive connections: handshakes follow connections, not requests', async () => {
    server.handle((_req, res) => json(res, 200, {}));
    const single = createBankingClient({ baseUrl: server.url, tls: tlsOf(pki), token, connections: 1 });
    let before = server.handshakes();
    for (let i = 0; i < 10; i++)
      await single.GET('/hb/webhook/logs', { params: { query: { webhookId: 'w' } } });
    expect(server.handshakes() - before).toBe(1);
    await single.close();
    // undici may open a second connection while the first is finishing a response; never one per request.
    const client = createBankingClient({ baseUrl: server.url, tls: tlsOf(pki), token });
    before = server.handshakes();
    for (let i = 0; i < 10; i++)
      await client.GET('/hb/webhook/logs', { params: { query: { webhookId: 'w' } } });
    expect(server.handshakes() - before).toBeLessThanOrEqual(2);
    await client.close();
    await expect(client.GET('/hb/webhook/logs', { params: { query: { webhookId: 'w' } } })).rejects.toThrow(
      /closed/,
    );
  });
});
