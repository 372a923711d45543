// Egress proxies: HTTPS_PROXY / NO_PROXY from the environment (decided when the client is created), the
// `proxy` option and its opt-out, mutual TLS to the origin inside a real CONNECT tunnel, a proxy that
// refuses (typed) or never answers, and a caller's own `dispatcher`.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { Agent, interceptors } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ConnectProxy, startConnectProxy } from '../../../test/support/connect-proxy.ts';
import { createBankingClient, TimeoutError, TlsError, TransportError } from '../src/index.js';
import { proxyFor } from '../src/proxy.js';
import { json, makePki, type Pki, rejection, startServer, type TestServer } from './harness.js';

let pki: Pki;
let server: TestServer;
let proxy: ConnectProxy;
const tls = () => ({ cert: pki.client.cert, key: pki.client.key, ca: pki.ca.cert });
const query = { params: { query: { webhookId: 'wh-1' } } };
const saved = { HTTPS_PROXY: process.env.HTTPS_PROXY, NO_PROXY: process.env.NO_PROXY };

beforeAll(async () => {
  pki = makePki();
  server = await startServer(pki);
  server.handle((_req, res) => json(res, 200, { data: [] }));
  proxy = await startConnectProxy();
});
afterEach(() => {
  for (const [name, value] of Object.entries(saved))
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
});
afterAll(() => Promise.all([server.close(), proxy.close()]));

describe('proxy selection', () => {
  const origin = new URL('https://api.sandbox.example.com');
  it('HTTPS_PROXY unless NO_PROXY names the host (exact, domain suffix, *, with a port)', () => {
    const env = { HTTPS_PROXY: 'http://egress:3128' };
    expect(proxyFor(origin, undefined, env)?.href).toBe('http://egress:3128/');
    expect(proxyFor(origin, undefined, { https_proxy: 'http://lower:1', ...env })?.host).toBe('lower:1');
    for (const noProxy of [
      'api.sandbox.example.com',
      '.example.com',
      '*.example.com',
      'x, example.com',
      '*',
      'api.sandbox.example.com:443',
    ])
      expect(proxyFor(origin, undefined, { ...env, NO_PROXY: noProxy }), noProxy).toBeUndefined();
    for (const noProxy of ['other.com', 'ample.com', 'api.sandbox.example.com:8443'])
      expect(proxyFor(origin, undefined, { ...env, NO_PROXY: noProxy }), noProxy).toBeDefined();
  });
  it('NO_PROXY names IPv6 hosts bracketed or bare (a bare one has no port); [::1]:port needs the port', () => {
    const env = { HTTPS_PROXY: 'http://egress:3128' };
    const loopback6 = new URL('https://[::1]:8443');
    for (const noProxy of ['[::1]', '::1', '[::1]:8443', 'x, [::1]'])
      expect(proxyFor(loopback6, undefined, { ...env, NO_PROXY: noProxy }), noProxy).toBeUndefined();
    for (const noProxy of ['[::1]:443', '::2', '[::2]', ':1'])
      expect(proxyFor(loopback6, undefined, { ...env, NO_PROXY: noProxy }), noProxy).toBeDefined();
    // `::1` is no longer read as host ':' port 1, nor does a bare `:1` exempt anything.
    const ipv4 = new URL('https://127.0.0.1:1');
    for (const noProxy of ['::1', ':1'])
      expect(proxyFor(ipv4, undefined, { ...env, NO_PROXY: noProxy }), noProxy).toBeDefined();
    expect(proxyFor(ipv4, undefined, { ...env, NO_PROXY: '127.0.0.1:1' })).toBeUndefined();
  });
  it('`proxy: false` ignores the environment; a `proxy` URL ignores NO_PROXY; a bad URL is a TypeError', () => {
    const env = { HTTPS_PROXY: 'http://egress:3128', NO_PROXY: '*' };
    expect(proxyFor(origin, false, env)).toBeUndefined();
    expect(proxyFor(origin, 'http://mine:8080', env)?.host).toBe('mine:8080');
    expect(() => proxyFor(origin, 'socks5://x:1', {})).toThrow(/http:\/\/ or https:\/\//);
    expect(() => proxyFor(origin, undefined, { HTTPS_PROXY: 'not a url' })).toThrow(/HTTPS_PROXY/);
  });
});

/** The first connection attempt undici reports failed with `code` (its diagnostics channel). */
function connectError(code: string): Promise<void> {
  return new Promise((resolve) => {
    const listener = (message: unknown) => {
      if ((message as { error?: { code?: string } }).error?.code !== code) return;
      unsubscribe('undici:client:connectError', listener);
      resolve();
    };
    subscribe('undici:client:connectError', listener);
  });
}

describe('through a real CONNECT proxy', () => {
  it('HTTPS_PROXY: mutual TLS to the origin inside the tunnel, one tunnel kept alive', async () => {
    process.env.HTTPS_PROXY = proxy.url;
    delete process.env.NO_PROXY;
    const start = { tunnels: proxy.tunnels.length, handshakes: server.handshakes() };
    const client = createBankingClient({ baseUrl: server.url, tls: tls(), token: 't', connections: 1 });
    for (let i = 0; i < 3; i++)
      expect((await client.GET('/hb/webhook/logs', query)).response.status).toBe(200);
    expect(proxy.tunnels.slice(start.tunnels)).toEqual([`127.0.0.1:${server.port}`]);
    expect(server.handshakes() - start.handshakes).toBe(1); // the server saw our client certificate, once
    await client.close();
  });

  it('NO_PROXY and `proxy: false` connect directly', async () => {
    process.env.HTTPS_PROXY = proxy.url;
    process.env.NO_PROXY = '127.0.0.1';
    const before = proxy.tunnels.length;
    const exempt = createBankingClient({ baseUrl: server.url, tls: tls(), token: 't' });
    delete process.env.NO_PROXY;
    const optedOut = createBankingClient({ baseUrl: server.url, tls: tls(), token: 't', proxy: false });
    await exempt.GET('/hb/webhook/logs', query);
    await optedOut.GET('/hb/webhook/logs', query);
    expect(proxy.tunnels.length).toBe(before);
    await Promise.all([exempt.close(), optedOut.close()]);
  });

  it('a proxy that wants credentials: 407 is a TransportError of kind proxy; with them in the URL it works', async () => {
    const guarded = await startConnectProxy({ requireAuth: 'svc:s3cret' });
    try {
      const refused = createBankingClient({
        baseUrl: server.url,
        tls: tls(),
        token: 't',
        proxy: guarded.url,
      });
      const error = await rejection(refused.GET('/hb/webhook/logs', query));
      expect(error).toBeInstanceOf(TransportError);
      expect(error).toMatchObject({ kind: 'proxy' });
      expect((error as Error).message).toContain(guarded.url);
      const authed = guarded.url.replace('http://', 'http://svc:s3cret@');
      const client = createBankingClient({ baseUrl: server.url, tls: tls(), token: 't', proxy: authed });
      expect((await client.GET('/hb/webhook/logs', query)).response.status).toBe(200);
      const failed = await rejection(
        createBankingClient({ baseUrl: 'https://127.0.0.1:1', token: 't', proxy: authed, retry: false }).GET(
          '/hb/webhook/logs',
          query,
        ),
      );
      expect(failed).toMatchObject({ kind: 'proxy' }); // 502 from the proxy: it cannot reach the host
      expect(JSON.stringify(failed)).not.toContain('s3cret'); // the proxy's credentials never show
      await Promise.all([refused.close(), client.close()]);
    } finally {
      await guarded.close();
    }
  });

  it('a proxy that never answers CONNECT: calls fail at their deadline, the unanswered CONNECT is given up after about `timeoutMs` (not after undici’s 300 s), and the first call once it answers goes through', async () => {
    const hung = await startConnectProxy();
    hung.silent = true;
    const client = createBankingClient({
      baseUrl: server.url,
      tls: tls(),
      token: 't',
      proxy: hung.url,
      connections: 1, // one slot: a CONNECT still pending would hold it (undici's default: 300 s)
      timeoutMs: 1_000,
      retry: false,
    });
    const gaveUp = connectError('UND_ERR_HEADERS_TIMEOUT');
    try {
      for (let i = 0; i < 3; i++)
        expect(await rejection(client.GET('/hb/webhook/logs', query))).toBeInstanceOf(TimeoutError);
      expect(hung.tunnels.length).toBeGreaterThan(0);
      // The client gave the CONNECT up and the proxy saw it go (without the bound, only after 300 s). A call
      // made before undici has let go of it would share its end, as a call queued behind any connect does.
      await Promise.all([gaveUp, hung.unansweredClosed()]);
      hung.silent = false;
      // A held slot would time every call out for 300 s; a call that merely met a busy machine's slow
      // handshake is tried again (at most three), so the check does not depend on timing slack.
      expect(await statusWithin(3, () => client.GET('/hb/webhook/logs', query))).toBe(200);
    } finally {
      await Promise.all([client.close(), hung.close()]);
    }
  }, 20_000);

  it('the origin still checks our certificate and we check its, through the tunnel', async () => {
    const client = createBankingClient({
      baseUrl: server.url,
      tls: { cert: pki.client.cert, key: pki.client.key, ca: pki.otherCa.cert },
      token: 't',
      proxy: proxy.url,
    });
    const error = await rejection(client.GET('/hb/webhook/logs', query));
    expect(error).toBeInstanceOf(TlsError);
    expect(error).toMatchObject({ certificate: 'server' });
    await client.close();
  });
});

describe('a caller’s dispatcher', () => {
  it('is used as given (its own TLS), and close() leaves it open', async () => {
    const agent = new Agent({ connect: tls(), connections: 1 });
    const client = createBankingClient({ baseUrl: server.url, token: 't', dispatcher: agent });
    expect((await client.GET('/hb/webhook/logs', query)).response.status).toBe(200);
    await client.close();
    const after = await agent.request({
      origin: server.url,
      path: '/hb/webhook/logs?webhookId=x',
      method: 'GET',
    });
    expect(after.statusCode).toBe(200);
    await after.body.dump();
    await agent.close();
  });

  it('with undici’s redirect interceptor: a cross-origin 307 is the answer, the other origin receives nothing', async () => {
    const [first, other] = await Promise.all([startServer(pki), startServer(pki)]);
    first.handle((_req, res) => res.writeHead(307, { location: `${other.url}/collect` }).end());
    const agent = new Agent({ connect: tls() }).compose(interceptors.redirect({ maxRedirections: 3 }));
    try {
      const client = createBankingClient({
        baseUrl: first.url,
        token: 't',
        accountId: 'acc-1',
        dispatcher: agent,
      });
      const { response } = await client.POST('/hb/cards/create', {
        body: { alias: 'a', password: '1234', typeCard: 'Virtual', programId: 1 },
      });
      expect(response.status).toBe(307);
      expect(response.url).toBe(`${first.url}/hb/cards/create`);
      expect(first.seen.map((seen) => seen.headers['x-account-id'])).toEqual(['acc-1']);
      expect(other.seen).toEqual([]);
      expect(other.handshakes()).toBe(0); // not even our certificate
    } finally {
      await Promise.all([agent.close(), first.close(), other.close()]);
    }
  });

  it('with tls, connections or proxy: a TypeError that says why', () => {
    const agent = new Agent();
    expect(() =>
      createBankingClient({ baseUrl: server.url, token: 't', dispatcher: agent, tls: tls() }),
    ).toThrow(/`dispatcher` carries its own TLS/);
    void agent.close();
  });
});

/** The first status of up to `tries` calls, a TimeoutError tried again (the last one thrown). */
async function statusWithin(tries: number, call: () => Promise<{ response: Response }>): Promise<number> {
  for (let i = 1; ; i++) {
    try {
      return (await call()).response.status;
    } catch (error) {
      if (!(error instanceof TimeoutError) || i >= tries) throw error;
    }
  }
}
