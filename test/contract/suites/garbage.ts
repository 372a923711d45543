// Garbage on the wire: random bytes instead of a TLS handshake, and broken HTTP inside a good TLS
// connection. The gateway drops or answers them and keeps serving everyone else.
import { connect as tcpConnect } from 'node:net';
import { wireBody } from '@banking-api/conformance';
import fc from 'fast-check';
import type { Agent } from 'undici';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { raw, rawAgent } from '../../support/clients.ts';
import type { TestMock } from '../../support/mock-server.ts';
import { sharedMock } from '../../support/session.ts';
import { sendToMock } from './wire.ts';

let mock: TestMock;
let agent: Agent;
let port: number;

export function garbageSuite(): void {
  beforeAll(async () => {
    ({ mock } = await sharedMock());
    agent = rawAgent(mock);
    port = Number(new URL(mock.url).port);
  });
  afterAll(async () => {
    await agent?.close();
  });

  /** Still serving: a good request gets its answer. */
  async function expectServing() {
    const token = await mock.token();
    const answer = await raw(agent, `${mock.url}/hb/webhook/logs?webhookId=w`, {
      method: 'GET',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.status).toBe(200);
  }

  /** Sends bytes on a plain TCP connection; resolves when the gateway closes it, or 'open' after waitMs. */
  function sendTcp(bytes: Uint8Array, end: boolean, waitMs = 3000): Promise<'closed' | 'open'> {
    return new Promise((resolve) => {
      const socket = tcpConnect(port, '127.0.0.1');
      const timer = setTimeout(() => {
        socket.destroy();
        resolve('open');
      }, waitMs);
      socket.on('error', () => {});
      socket.resume(); // read what comes back (a TLS alert): a paused socket never sees the end
      socket.on('close', () => {
        clearTimeout(timer);
        resolve('closed');
      });
      socket.write(bytes);
      if (end) socket.end();
    });
  }

  /** Sends bytes inside a mutually authenticated TLS connection, ending the write side at once. */
  const overTls = (bytes: string | Buffer) => sendToMock(mock, bytes, 5000, 0);

  test('random bytes instead of a TLS handshake', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 1, maxLength: 4096 }), async (bytes) => {
        expect(await sendTcp(bytes, true)).toBe('closed');
      }),
      // No shrinking: each shrink step could wait the full 3 s; the first counterexample is enough.
      { numRuns: 40, endOnFailure: true },
    );
    await expectServing();
  });

  test('a TLS ClientHello cut short, then silence: others are served meanwhile', async () => {
    // The first bytes of a TLS record with a ClientHello that never completes.
    const partial = Buffer.from('16030100c8010000c40303', 'hex');
    const stalled = sendTcp(partial, false, 1000);
    await expectServing();
    expect(await stalled).toBe('open'); // still waiting for the rest (until the handshake timeout)
    expect(await sendTcp(partial, true)).toBe('closed');
  });

  test('plain HTTP on the TLS port', async () => {
    expect(await sendTcp(Buffer.from('GET / HTTP/1.1\r\nHost: x\r\n\r\n'), true)).toBe('closed');
    await expectServing();
  });

  test('broken HTTP inside a good TLS connection gets a 400 envelope, oversized headers 431', async () => {
    const cases = [
      'NOT HTTP AT ALL\r\n\r\n',
      'GET /hb/webhook/logs HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n',
      'POST /hb/webhook/try HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
    ];
    for (const text of cases) {
      const answer = await overTls(text);
      expect(answer.text).toMatch(/^HTTP\/1\.1 400 /);
      expect(wireBody(answer)).toMatchObject({ status_code: 400, code: 'BAD_REQUEST', details: [] });
    }
    const oversized = await overTls(
      `GET /${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`,
    );
    expect(oversized.text).toMatch(/^HTTP\/1\.1 431 /);
    expect(wireBody(oversized)).toMatchObject({
      status_code: 431,
      code: 'REQUEST_HEADER_FIELDS_TOO_LARGE',
    });
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 1, maxLength: 2048 }), async (bytes) => {
        const answer = await overTls(Buffer.from(bytes));
        // Whatever came back is an HTTP answer (or nothing, when the bytes never formed a request).
        if (answer.text) expect(answer.text).toMatch(/^HTTP\/1\.1 \d{3} /);
      }),
      { numRuns: 30 },
    );
    await expectServing();
  });

  test('a hundred connections dropped mid-handshake at once', async () => {
    const hello = Buffer.from('16030100c8010000c40303', 'hex');
    await Promise.all(Array.from({ length: 100 }, () => sendTcp(hello, true)));
    await expectServing();
  });
}
