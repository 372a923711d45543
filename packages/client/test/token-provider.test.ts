// The token provider (issue 23): one call in flight at a time with its own deadline; a failed or hung
// call fails the requests waiting on it with a typed error, the next request asks again, and a provider
// that recovers is used at once. Real mTLS server, real timers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createBankingClient,
  TimeoutError,
  type TokenProviderContext,
  TokenProviderError,
} from '../src/index.js';
import { json, makePki, type Pki, rejection, startServer, type TestServer } from './harness.js';

let pki: Pki;
let server: TestServer;
const tls = () => ({ cert: pki.client.cert, key: pki.client.key, ca: pki.ca.cert });
const body = { context: 'x', code: '1' };

beforeAll(async () => {
  pki = makePki();
  server = await startServer(pki);
  server.handle((req, res) => json(res, 200, { valid: true, auth: req.headers.authorization }));
});
afterAll(() => server.close());

/** A provider scripted per call: 'hang', 'throw', 'empty', or a token. */
function scripted(script: string[]) {
  const calls: TokenProviderContext[] = [];
  const provider = (context: TokenProviderContext) => {
    calls.push(context);
    const step = script.shift() ?? 'fresh-token';
    if (step === 'hang') return new Promise<string>(() => undefined);
    if (step === 'throw') return Promise.reject(new Error('idp down: password=hunter2'));
    return Promise.resolve(step === 'empty' ? '' : step);
  };
  return { provider, calls };
}

describe('token provider', () => {
  it('a hung provider fails every waiting request at its own deadline; the next request asks again and gets through', async () => {
    const { provider, calls } = scripted(['hang', 'tok-2']);
    const client = createBankingClient({
      baseUrl: server.url,
      tls: tls(),
      token: provider,
      tokenTimeoutMs: 200,
      timeoutMs: 5_000,
    });
    const started = performance.now();
    const waiting = await Promise.all(
      [1, 2, 3].map(() => rejection(client.POST('/hb/multi-access/otp/validate', { body }))),
    );
    const elapsed = performance.now() - started;
    expect(calls.length).toBe(1); // one provider call, shared by the three requests
    for (const error of waiting) {
      expect(error).toBeInstanceOf(TokenProviderError);
      expect(error).toMatchObject({ reason: 'timeout', attempts: 0 });
      expect((error as Error).message).toMatch(/did not answer within 200 ms/);
    }
    expect(elapsed).toBeLessThan(2_000); // the provider's deadline, not the call's 5 s
    expect(calls[0]?.signal.aborted).toBe(true); // the hung call was told to give up
    const { data } = await client.POST('/hb/multi-access/otp/validate', { body });
    expect(data).toMatchObject({ auth: 'Bearer tok-2' });
    expect(calls.length).toBe(2);
    await client.close();
  });

  it('a failing provider and one that returns no token: typed, message withheld, then it recovers', async () => {
    const { provider, calls } = scripted(['throw', 'empty', 'tok-3']);
    const client = createBankingClient({ baseUrl: server.url, tls: tls(), token: provider });
    const failed = await rejection(client.POST('/hb/multi-access/otp/validate', { body }));
    expect(failed).toMatchObject({ name: 'TokenProviderError', reason: 'failed' });
    expect(JSON.stringify(failed)).not.toMatch(/hunter2/);
    const empty = await rejection(client.POST('/hb/multi-access/otp/validate', { body }));
    expect(empty).toMatchObject({ name: 'TokenProviderError', reason: 'no-token' });
    const { data } = await client.POST('/hb/multi-access/otp/validate', { body });
    expect(data).toMatchObject({ auth: 'Bearer tok-3' });
    expect(calls.length).toBe(3);
    await client.close();
  });

  it('a provider that throws synchronously is a TokenProviderError too', async () => {
    const client = createBankingClient({
      baseUrl: server.url,
      tls: tls(),
      token: () => {
        throw new Error('not async');
      },
    });
    const error = await rejection(client.POST('/hb/multi-access/otp/validate', { body }));
    expect(error).toMatchObject({ name: 'TokenProviderError', reason: 'failed' });
    await client.close();
  });

  it('a call whose own deadline is shorter ends with TimeoutError; the shared provider call goes on for the others', async () => {
    let release: (token: string) => void = () => undefined;
    let asked = 0;
    const client = createBankingClient({
      baseUrl: server.url,
      tls: tls(),
      tokenTimeoutMs: 2_000,
      token: () => {
        asked++;
        return new Promise<string>((resolve) => {
          release = resolve;
        });
      },
    });
    const short = new AbortController();
    setTimeout(() => short.abort(), 100);
    const aborted = rejection(client.POST('/hb/multi-access/otp/validate', { body, signal: short.signal }));
    const patient = client.POST('/hb/multi-access/otp/validate', { body });
    expect(await aborted).toMatchObject({ name: 'AbortError' });
    release('late-but-in-time');
    expect((await patient).data).toMatchObject({ auth: 'Bearer late-but-in-time' });
    expect(asked).toBe(1);
    const timed = createBankingClient({
      baseUrl: server.url,
      tls: tls(),
      timeoutMs: 150,
      token: () => new Promise<string>(() => undefined),
    });
    const error = await rejection(timed.POST('/hb/multi-access/otp/validate', { body }));
    // tokenTimeoutMs defaults to min(10 s, timeoutMs): the provider's deadline or the call's, both typed.
    expect(error instanceof TimeoutError || error instanceof TokenProviderError).toBe(true);
    await Promise.all([client.close(), timed.close()]);
  });

  it('refuses a tokenTimeoutMs that is not a positive number', () => {
    expect(() => createBankingClient({ baseUrl: server.url, token: 't', tokenTimeoutMs: 0 })).toThrow(
      /`tokenTimeoutMs` must be a number > 0/,
    );
  });
});
