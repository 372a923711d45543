// The client of a server under test is bounded: an answer larger than its byte limit, or a request that
// takes longer than its deadline (a body trickling within each chunk's timeout), fails with a connection
// error instead of holding verify's memory or time. Over real mTLS with the test kit's dev PKI.
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { ConnectionError, createClient } from '@banking-api/conformance';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testPki } from '../../../test/support/mock-server.ts';

let server: Server;
let target: string;
let tls: { ca: string; cert: string; key: string };

beforeAll(async () => {
  const pki = await testPki();
  tls = { ca: pki.serverCa, ...pki.clients.sandbox };
  server = createServer({ ...pki.server, ca: pki.cas.sandbox, requestCert: true }, (req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    if (req.url === '/endless') {
      const more = () => res.write('x'.repeat(16_384), () => setImmediate(more)); // until the client stops
      return more();
    }
    if (req.url === '/drop') return req.socket.destroy(); // a server that dies on this request
    if (req.url === '/trickle') {
      const timer = setInterval(() => res.write(' '), 100); // each chunk well within the body timeout
      res.on('close', () => clearInterval(timer));
      return;
    }
    if (req.url === '/headers') return res.end(JSON.stringify(req.rawHeaders));
    res.end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  target = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

const probe = (path: string) => ({ method: 'GET', path, headers: {}, credential: 'none' as const });

describe('the client of a server under test', () => {
  it('sends one authorization and one content-type, whatever case the contract declares them in', async () => {
    const client = createClient({ target, tls, tokens: { token: 't' } });
    try {
      const answer = await client.send({
        ...probe('/headers'),
        method: 'POST',
        credential: 'token',
        headers: { Authorization: 'Bearer example-from-the-contract', 'Content-Type': 'text/plain' },
        body: { contentType: 'application/json', text: '{}' },
      });
      const raw = JSON.parse(answer.text) as string[];
      const values = (name: string) =>
        raw.filter((_, i) => i % 2 === 1 && raw[i - 1]?.toLowerCase() === name);
      expect(values('authorization')).toEqual(['Bearer t']);
      expect(values('content-type')).toEqual(['application/json']);
    } finally {
      await client.close();
    }
  });

  it('reads an ordinary answer', async () => {
    const client = createClient({ target, tls, tokens: { token: 't' } });
    try {
      expect((await client.send(probe('/ok'))).text).toBe('{"ok":true}');
    } finally {
      await client.close();
    }
  });

  it('refuses an answer larger than its limit, and lets the connection go', async () => {
    const client = createClient({ target, tls, tokens: { token: 't' }, maxAnswerBytes: 64 * 1024 });
    try {
      const failure = await client.send(probe('/endless')).catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(ConnectionError);
      expect(String(failure)).toMatch(/larger than 65536 bytes/);
      expect(failure).toMatchObject({ stage: 'answer', probe: probe('/endless') });
    } finally {
      await client.close();
    }
  });

  it('ends a request that outlasts its deadline though every chunk came in time', async () => {
    const client = createClient({ target, tls, tokens: { token: 't' }, timeoutMs: 2000, deadlineMs: 600 });
    try {
      const started = performance.now();
      const failure = await client.send(probe('/trickle')).catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(ConnectionError);
      expect(performance.now() - started).toBeLessThan(5000); // the deadline, not the 2 s chunk timeout, ended it
      expect(failure).toMatchObject({ stage: 'answer' });
    } finally {
      await client.close();
    }
  });

  it('tells a socket the server closed (it was reached) from a server not reached at all', async () => {
    const client = createClient({ target, tls, tokens: { token: 't' } });
    const nowhere = createClient({ target: 'https://127.0.0.1:9', tls, tokens: { token: 't' } });
    const untrusted = createClient({ target, tls: { ...tls, ca: tls.cert }, tokens: { token: 't' } });
    try {
      const dropped = await client.send(probe('/drop')).catch((e: unknown) => e);
      expect(dropped).toMatchObject({ name: 'ConnectionError', stage: 'answer' });
      const refused = await nowhere.send(probe('/ok')).catch((e: unknown) => e);
      expect(refused).toMatchObject({ name: 'ConnectionError', stage: 'connect' });
      const distrusted = await untrusted.send(probe('/ok')).catch((e: unknown) => e);
      expect(distrusted).toMatchObject({ name: 'ConnectionError', stage: 'connect' });
    } finally {
      await Promise.all([client.close(), nowhere.close(), untrusted.close()]);
    }
  });
});
