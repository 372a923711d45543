// What the engine passes on of a hostile server: a raw TLS answer without end is cut at its byte limit
// (not read into memory for 5 s); a connection error names the operation's path template, not the filled
// path with the ids the server issued, and its cause (the server certificate's names) is redacted; an
// answer in a failure is redacted before it is cut, so a cut cannot keep half a CPF unrecognised. Over real
// TLS, with certificates made here.
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import { inspect } from 'node:util';
import {
  ConnectionError,
  createClient,
  describeAnswer,
  MAX_WIRE_ANSWER_BYTES,
  sendOverTls,
} from '@banking-api/conformance';
import { makeCa, makeClientCert, makeServerCert } from '@banking-api/mock';
import { afterAll, describe, expect, it } from 'vitest';

const ca = makeCa('Send Safety CA');
const client = makeClientCert(ca, 'send-safety-client');
const stops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const stop of stops) await stop();
});

function listening<T extends { listen: (port: number, host: string, done: () => void) => unknown }>(
  server: T & { address(): unknown; close(done: () => void): unknown },
  host = '127.0.0.1',
): Promise<number> {
  stops.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return new Promise((resolve) =>
    server.listen(0, host, () => resolve((server.address() as AddressInfo).port)),
  );
}

describe('sendOverTls', () => {
  it('cuts an endless answer at its byte limit and says so', async () => {
    const server = createTlsServer(
      { ...makeServerCert(ca, ['127.0.0.1', 'localhost']), ca: ca.cert, requestCert: true },
      (socket) => {
        socket.on('error', () => {});
        const chunk = Buffer.alloc(1 << 16, 0x41);
        socket.write('HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n');
        const more = () => {
          while (!socket.destroyed) if (!socket.write(chunk)) return socket.once('drain', more);
        };
        more();
      },
    );
    const port = await listening(server);
    const answer = await sendOverTls(
      { url: `https://localhost:${port}`, ...client, ca: ca.cert },
      'GET / HTTP/1.1\r\nhost: x\r\n\r\n',
      20_000,
    );
    expect(answer.cut).toBe(true);
    expect(answer.closed).toBe(false);
    expect(answer.text.length).toBe(MAX_WIRE_ANSWER_BYTES);
    expect(answer.status).toBe(200);
  });
});

describe('connection errors', () => {
  const probe = (path: string) => ({
    method: 'GET',
    path,
    template: '/hb/refunds/{id}',
    headers: {},
    credential: 'none' as const,
  });

  it('name the path template, not the ids the server issued', async () => {
    const server = createHttpsServer(
      { ...makeServerCert(ca, ['127.0.0.1']), ca: ca.cert, requestCert: true },
      (req) => req.socket.destroy(),
    );
    const port = await listening(server);
    const engine = createClient({
      target: `https://127.0.0.1:${port}`,
      tls: { ca: ca.cert, ...client },
      tokens: { token: 't' },
    });
    try {
      const failure = await engine
        .send(probe('/hb/refunds/12345678909?doc=joao%40example.com'))
        .catch((e) => e);
      expect(failure).toBeInstanceOf(ConnectionError);
      expect(String(failure)).toContain(`GET https://127.0.0.1:${port}/hb/refunds/{id}:`);
      // Logged or serialized whole, the error still holds no filled path (its probe is not enumerable).
      for (const shown of [String(failure), JSON.stringify(failure), inspect(failure, { depth: 9 })])
        expect(shown).not.toMatch(/12345678909|joao/);
      expect((failure as ConnectionError).probe?.path).toContain('12345678909'); // still there for the checks
    } finally {
      await engine.close();
    }
  });

  it("redact the cause, which quotes the server certificate's names", async () => {
    const names = ['127.0.0.1', 'joao.silva@example.com', '123.456.789-09.example.com'];
    const server = createHttpsServer(
      { ...makeServerCert(ca, names), ca: ca.cert, requestCert: true },
      (_, res) => res.end('{}'),
    );
    const port = await listening(server, 'localhost');
    const engine = createClient({
      target: `https://localhost:${port}`,
      tls: { ca: ca.cert, ...client },
      tokens: { token: 't' },
    });
    try {
      const failure = await engine.send(probe('/hb/refunds/1')).catch((e) => e);
      expect(failure).toBeInstanceOf(ConnectionError);
      expect(String(failure)).toMatch(/altnames/);
      for (const shown of [String(failure), JSON.stringify(failure), inspect(failure, { depth: 9 })])
        expect(shown).not.toMatch(/joao|123\.456\.789/);
      expect((failure as ConnectionError).cause).toMatchObject({ code: 'ERR_TLS_CERT_ALTNAME_INVALID' });
    } finally {
      await engine.close();
    }
  });
});

describe('an answer in a failure', () => {
  it.each([
    [280, 'cliente 123.456.789-09', /123\.456|456\.789|789-09/],
    [254, 'e-mail joao.silva@gmail.com', /joao|gmail/],
  ])('is redacted before it is cut (%i characters before the datum)', (pad, datum, leak) => {
    const text = `${'x'.repeat(pad)}${datum} and more`;
    const line = describeAnswer({ status: 500, mediaType: 'text/plain', headers: {}, text });
    expect(line).not.toMatch(leak);
    expect(line).toContain('[redacted]');
  });
});
