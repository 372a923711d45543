// verify --webhook-receiver against the real mock over real mutual TLS, certificates made at test time: a
// mock whose webhook points at verify's receiver delivers try's body, then retry's and resend's, over
// mTLS, and passes (what arrived is reported); a mock that delivers nothing fails webhook-delivered on
// each of the three, and so do deliveries whose client certificate the receiver was not told to trust. A
// receiver option missing its files is a usage error (exit 2).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bearerScopes, contractModel } from '@banking-api/contract';
import { makeCa, makeServerCert, pkiFiles } from '@banking-api/mock';
import { verifyCommand } from '@banking-api/verify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freePort } from '../../scripts/free-port.ts';
import { startTestMock, type TestMock } from '../support/mock-server.ts';

const quiet = { log: () => {}, error: () => {} };
const receiverCa = makeCa('Verify Receiver CA');
let dir: string;
let port: number;
let delivering: TestMock;
let silent: TestMock;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'verify-webhooks-'));
  port = await freePort();
  const server = makeServerCert(receiverCa, ['127.0.0.1']);
  await writeFile(join(dir, 'receiver.pem'), server.cert);
  await writeFile(join(dir, 'receiver-key.pem'), server.key);
  const webhooks = { 'wh-verify': `https://127.0.0.1:${port}/hooks` };
  const common = { stateful: true, webhookCa: receiverCa.cert, deliveries: { retrySchedule: [] } };
  delivering = await startTestMock({ ...common, webhooks });
  silent = await startTestMock(common); // its webhook is registered nowhere: it delivers nothing
  const { pki } = delivering.mock;
  await writeFile(join(dir, 'ca.pem'), pki.serverCa);
  await writeFile(join(dir, 'client.pem'), pki.clients.sandbox.cert);
  await writeFile(join(dir, 'client-key.pem'), pki.clients.sandbox.key);
});
afterAll(async () => {
  await Promise.all([delivering?.stop(), silent?.stop()]);
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function verifyDeliveries(target: TestMock, wait: string, clientCa?: string) {
  const model = contractModel();
  const token = await target.token('sandbox', {
    scopes: [...new Set(model.operations.flatMap((op) => bearerScopes(op).flat()))],
  });
  const pkiDir = target.mock.pki.dir;
  const argv = [
    ...['--target', target.url, '--ca', join(dir, 'ca.pem'), '--cert', join(dir, 'client.pem')],
    ...['--key', join(dir, 'client-key.pem'), '--token', token],
    ...['--include', 'tryWebhook,retryWebhook,resendNotification,listWebhookLogs,webhook-delivered'],
    ...['--webhook-receiver', `127.0.0.1:${port}`, '--webhook-receiver-cert', join(dir, 'receiver.pem')],
    ...['--webhook-receiver-key', join(dir, 'receiver-key.pem')],
    ...['--webhook-client-ca', clientCa ?? join(pkiDir, pkiFiles.webhookCa), '--webhook-id', 'wh-verify'],
    ...['--webhook-wait', wait],
  ];
  const logged: string[] = [];
  const outcome = await verifyCommand(argv, { log: (text) => logged.push(text), error: () => {} });
  return { ...outcome, logged };
}

describe('verify --webhook-receiver', () => {
  test('passes a server that delivers try, retry and resend over mutual TLS, and says what arrived', async () => {
    const { code, report, logged } = await verifyDeliveries(delivering, '20');
    expect(logged[0]).toBe(
      `Webhook receiver at https://127.0.0.1:${port}: webhook wh-verify must point there.`,
    );
    expect(report?.failures).toEqual([]);
    expect(code).toBe(0);
    const ran = report?.checks.filter((c) => c.check === 'webhook-delivered').map((c) => c.operation);
    expect(ran).toEqual(['POST /hb/webhook/try', 'POST /hb/webhook/retry', 'POST /ar/notifications/resend']);
    const notes = (report?.notes ?? []).filter((n) => n.check === 'webhook-delivered').map((n) => n.message);
    expect(notes).toEqual([
      expect.stringMatching(
        /^try: POST \/hooks arrived after \d+ ms over mutual TLS \(client certificate banking-api-mock-webhooks, issued by Banking API Mock Webhook CA\), \d+ bytes of application\/json$/,
      ),
      expect.stringMatching(/^retry: POST \/hooks arrived after/),
      expect.stringMatching(/^resend: POST \/hooks arrived after/),
    ]);
  });

  test('fails a server that does not deliver: webhook-delivered on try, retry and resend', async () => {
    const { code, report } = await verifyDeliveries(silent, '2');
    expect(code).toBe(1);
    const failures = (report?.failures ?? []).filter((f) => f.check === 'webhook-delivered');
    expect(failures.map((f) => f.operation)).toEqual(
      ['POST /ar/notifications/resend', 'POST /hb/webhook/retry', 'POST /hb/webhook/try'].sort(
        (a, b) => order(a) - order(b),
      ),
    );
    expect(failures[0]?.got).toBe('nothing arrived');
  });

  test('fails deliveries whose client certificate the --webhook-client-ca did not issue', async () => {
    await writeFile(join(dir, 'other-ca.pem'), receiverCa.cert);
    const { code, report } = await verifyDeliveries(delivering, '20', join(dir, 'other-ca.pem'));
    expect(code).toBe(1);
    const failures = (report?.failures ?? []).filter((f) => f.check === 'webhook-delivered');
    expect(failures).toHaveLength(3);
    expect(failures[0]?.got).toMatch(
      /^POST \/hooks arrived after \d+ ms with a client certificate the receiver does not trust \(banking-api-mock-webhooks\)/,
    );
  });

  test('a receiver without its certificate is a usage error', async () => {
    const outcome = await verifyCommand(
      [
        '--target',
        delivering.url,
        '--ca',
        'x',
        '--cert',
        'x',
        '--key',
        'x',
        '--token',
        't',
        '--webhook-receiver',
        '127.0.0.1:0',
      ],
      quiet,
    );
    expect(outcome.code).toBe(2);
  });
});

/** Failures come in the contract's order of operations. */
const order = (key: string) => contractModel().operations.findIndex((op) => op.key === key);
