// The client's webhook receiver (`@banking-api/client/receiver`) end to end against the mock's real
// deliveries over mutual TLS, with certificates made at test time: it takes the mock's deliveries (the
// platform's client certificate), hands over the parsed body, answers fast, and its answers are what the
// mock's webhook logs record; it refuses a client without the platform's certificate, other methods, other
// media types, bodies too large or too slow, a failing handler (500, so the platform retries) and a bad
// Standard Webhooks signature when asked to check one; its log lines are redacted.
import { request as httpsRequest } from 'node:https';
import { makeCa, makeClientCert, makeServerCert, type WebhookLog } from '@banking-api/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestMock, type TestMock } from '../../../test/support/mock-server.ts';
import { type Notification, startWebhookReceiver, type WebhookReceiver } from '../src/receiver-entry.js';

const serverCa = makeCa('Receiver Server CA');
const serverCert = makeServerCert(serverCa, ['127.0.0.1', 'localhost']);
let mock: TestMock;
let token: string;
const received: Notification[] = [];
const lines: string[] = [];
let receiver: WebhookReceiver;
let failing: WebhookReceiver;

beforeAll(async () => {
  mock = await startTestMock({ stateful: true, webhookCa: serverCa.cert, deliveries: { retrySchedule: [] } });
  token = await mock.token();
  const common = { ...serverCert, ca: mock.mock.webhookCa };
  receiver = await startWebhookReceiver({
    ...common,
    onNotification: (n) => {
      received.push(n);
    },
    log: (line) => lines.push(line),
    logBodies: true,
  });
  failing = await startWebhookReceiver({
    ...common,
    acknowledge: 'after-handler',
    onNotification: () => Promise.reject(new Error('database down')),
    onError: () => {},
  });
});
afterAll(async () => {
  await Promise.all([receiver?.close(), failing?.close(), mock?.stop()]);
});

/** A call to the mock over mTLS with its sandbox client certificate. */
async function call(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const { cert, key } = mock.mock.clients.sandbox;
  return send(`${mock.url}${path}`, { method, ca: mock.mock.ca, cert, key, token, body });
}

interface SendOptions {
  method?: string;
  ca: string;
  cert?: string;
  key?: string;
  token?: string;
  body?: unknown;
  contentType?: string;
}

function send(url: string, o: SendOptions): Promise<{ status: number; body: unknown }> {
  const text = o.body === undefined ? '' : typeof o.body === 'string' ? o.body : JSON.stringify(o.body);
  return new Promise((resolve, reject) => {
    const req = httpsRequest(
      url,
      {
        method: o.method ?? 'POST',
        ca: o.ca,
        cert: o.cert,
        key: o.key,
        agent: false,
        headers: {
          'content-type': o.contentType ?? 'application/json',
          ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          let body: unknown = raw;
          try {
            body = JSON.parse(raw);
          } catch {}
          resolve({ status: res.statusCode ?? 0, body });
        });
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

const logsOf = async (webhookId: string) =>
  ((await call('GET', `/hb/webhook/logs?webhookId=${webhookId}`)).body as { data: WebhookLog[] }).data;

describe('@banking-api/client/receiver against the mock', () => {
  it("gets the body of a try over mTLS, with the mock's certificate as the peer, and answers 204", async () => {
    mock.mock.webhooks.set('client-1', `${receiver.url}/notifications`);
    const body = { message: 'hello', payer: { document: '123.456.789-09' } };
    const tried = await call('POST', '/hb/webhook/try?webhookId=client-1', body);
    expect(tried.status).toBe(201);
    await expect.poll(() => received.length, { timeout: 10_000 }).toBeGreaterThan(0);
    const [n] = received;
    expect(n?.body).toEqual(body);
    expect(n?.path).toBe('/notifications');
    expect(n?.peer.subject).toBe('banking-api-mock-webhooks');
    expect(n?.headers['x-mock-webhook-id']).toBe('client-1');
    await expect.poll(async () => (await logsOf('client-1'))[0]?.attempts[0]?.responseStatus).toBe(204);
    expect(lines.join('\n')).toContain('webhook: received POST /notifications');
    expect(lines.join('\n')).not.toContain('123.456.789-09'); // the logged body is redacted
  });

  it('a failing handler with acknowledge "after-handler" answers 500, which the mock logs as FAILED', async () => {
    mock.mock.webhooks.set('client-2', failing.url);
    await call('POST', '/hb/webhook/try?webhookId=client-2', { n: 2 });
    await expect
      .poll(async () => (await logsOf('client-2'))[0]?.attempts[0], { timeout: 10_000 })
      .toMatchObject({ status: 'FAILED', responseStatus: 500 });
  });
});

describe('what the receiver refuses', () => {
  const platform = () => ({ ...mock.mock.pki.webhook.client, ca: serverCa.cert });

  it('a client without a certificate the platform CA issued never gets through the TLS handshake', async () => {
    const stranger = makeClientCert(makeCa('Stranger CA'), 'stranger');
    await expect(send(receiver.url, { ca: serverCa.cert, ...stranger, body: {} })).rejects.toThrow();
    await expect(send(receiver.url, { ca: serverCa.cert, body: {} })).rejects.toThrow();
  });

  it('other methods (405), other media types (415), bodies too large (413) or not JSON (400)', async () => {
    expect((await send(receiver.url, { ...platform(), method: 'GET' })).status).toBe(405);
    expect((await send(receiver.url, { ...platform(), body: 'a=1', contentType: 'text/plain' })).status).toBe(
      415,
    );
    expect((await send(receiver.url, { ...platform(), body: 'x'.repeat(2 * 1024 * 1024) })).status).toBe(413);
    expect((await send(receiver.url, { ...platform(), body: '{"cut' })).status).toBe(400);
  });

  it('checks a Standard Webhooks signature when given the secret, and pins the certificate when asked', async () => {
    const key = Buffer.alloc(32, 3);
    const secret = `whsec_${key.toString('base64')}`;
    const got: Notification[] = [];
    const signed = await startWebhookReceiver({
      ...serverCert,
      ca: mock.mock.webhookCa,
      standardWebhooksSecret: secret,
      allowedSubjects: ['banking-api-mock-webhooks'],
      onNotification: (n) => {
        got.push(n);
      },
    });
    try {
      mock.mock.webhooks.set('signed', {
        url: signed.url,
        signing: { profile: 'standard-webhooks', secret },
      });
      await call('POST', '/hb/webhook/try?webhookId=signed', { signed: 1 });
      await expect.poll(() => got.length, { timeout: 10_000 }).toBe(1);
      const unsigned = await send(signed.url, { ...platform(), body: { forged: true } });
      expect(unsigned).toMatchObject({ status: 401, body: { error: expect.stringMatching(/signature/) } });
      mock.mock.webhooks.set('unsigned', signed.url);
      await call('POST', '/hb/webhook/try?webhookId=unsigned', { unsigned: 1 });
      await expect
        .poll(async () => (await logsOf('unsigned'))[0]?.attempts[0]?.responseStatus, { timeout: 10_000 })
        .toBe(401);
    } finally {
      await signed.close();
    }
    const pinned = await startWebhookReceiver({
      ...serverCert,
      ca: mock.mock.webhookCa,
      allowedFingerprints: ['00:11'],
      onNotification: () => {},
    });
    try {
      expect((await send(pinned.url, { ...platform(), body: {} })).status).toBe(403);
    } finally {
      await pinned.close();
    }
  });
});
